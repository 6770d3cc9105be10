import { z } from 'zod';
import type { CaptchaResponse, EmailResponse, TokenResponse, VerifyCodeResponse } from '../rfi/login.ts';
import { tempQuery, tokenRequest, verifyCodeRequest } from '../rfi/login.ts';
import { portalCodeRequest, portalLoginRequest, type PortalMe, type PortalTokenResponse } from '../supplier-portal/login.ts';
import { contract } from './contract.ts';

/**
 * The suppliers' logins by e-mailed code (req rfi §2, §4, §7; docs/decisions/0001-supplier-login.md, "Supplier
 * portal"): the questionnaire's, named by the invitation link, and the portal's, by the address; the portal home.
 * The answers' types live with the login pages (which load without zod); these schemas are held to them.
 */
const verifyCode: z.ZodType<VerifyCodeResponse> = z.object({ resendAfterSeconds: z.number() });
const email: z.ZodType<EmailResponse> = z.object({ email: z.string() });
const token: z.ZodType<TokenResponse> = z.object({ token: z.string(), applyNo: z.string() });
const captcha: z.ZodType<CaptchaResponse> = z.object({ captchaId: z.string(), svg: z.string() });
const portalToken: z.ZodType<PortalTokenResponse> = z.object({ token: z.string(), expiresAt: z.string() });
const portalMe: z.ZodType<PortalMe> = z.object({
  email: z.string(),
  supplierName: z.string(),
  roles: z.array(z.string()),
  flows: z.array(
    z.object({
      flowNo: z.string(),
      supplierName: z.string(),
      stage: z.number() as z.ZodType<PortalMe['flows'][number]['stage']>,
      currentNodeCode: z.string().nullable() as z.ZodType<PortalMe['flows'][number]['currentNodeCode']>,
      selfInspectionOpen: z.boolean(),
      hasPpap: z.boolean().optional(),
    }),
  ),
  admittedSuppliers: z.array(z.object({ supplierCode: z.string(), supplierName: z.string(), categories: z.array(z.string()) })),
});

const tag = 'supplier login';
export const RFI_LOGIN = {
  email: contract({ method: 'get', path: '/v1/rfi/get-email', summary: 'The invited e-mail of a link', tag, auth: 'none', query: tempQuery, response: email }),
  verifyCode: contract({ method: 'post', path: '/v1/rfi/get-verify-code', summary: 'Mail a 6-digit login code', tag, auth: 'none', body: verifyCodeRequest, response: verifyCode }),
  token: contract({ method: 'post', path: '/v1/rfi/get-token', summary: 'Log in with the code', tag, auth: 'none', body: tokenRequest, response: token }),
  captcha: contract({ method: 'get', path: '/v1/rfi/captcha', summary: 'A captcha challenge', tag, auth: 'none', response: captcha }),
};

const portal = 'supplier-portal';
export const PORTAL = {
  verifyCode: contract({
    method: 'post',
    path: '/v1/supplier-portal/verify-code',
    summary: 'Mail a login code to a portal account (same answer for unknown e-mails)',
    tag: portal,
    auth: 'none',
    body: portalCodeRequest,
    response: verifyCode,
  }),
  login: contract({
    method: 'post',
    path: '/v1/supplier-portal/login',
    summary: 'Exchange the mailed code for a portal session',
    tag: portal,
    auth: 'none',
    body: portalLoginRequest,
    response: portalToken,
  }),
  logout: contract({ method: 'post', path: '/v1/supplier-portal/logout', summary: 'End the portal session', tag: portal, auth: 'portal', response: z.null() }),
  me: contract({
    method: 'get',
    path: '/v1/supplier-portal/me',
    summary: 'The portal account, the flows it takes part in and the accepted suppliers they admitted',
    tag: portal,
    auth: 'portal',
    response: portalMe,
  }),
};

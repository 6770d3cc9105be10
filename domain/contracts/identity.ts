import { z } from 'zod';
import { passwordChangeSchema, secondFactorCodeSchema, totpConfirmSchema, totpDisableSchema } from '../staff-identity/password-rules.ts';
import { currentUser, staffLoginRequest } from '../staff-identity/session-user.ts';
import { LOGIN_NEXT, totpEnrolment, totpStatus } from '../staff-identity/second-factor.ts';
import { messageAnswer, redirectAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * Staff identity (req shell §4, §7.7, §7.8; docs/decisions/0040-staff-identity.md): the local-account login with its
 * second step, logout, the session user, the profile page's second factor and password, and the company-account
 * login through the identity provider.
 */
const tag = 'identity';

const stepDone = z.object({ recoveryCodes: z.array(z.string()).nullable() });

export const IDENTITY = {
  login: contract({
    method: 'post',
    path: '/v1/auth/login',
    summary:
      'Staff login with a local account; answers next: done (session cookie set), totp (code to /v1/auth/login/totp) or enrolTotp (key to enrol, confirmed at /v1/auth/login/enrol)',
    tag,
    auth: 'none',
    body: staffLoginRequest,
    response: z.object({ next: z.enum(LOGIN_NEXT), enrolment: totpEnrolment.optional() }),
  }),
  loginTotp: contract({
    method: 'post',
    path: '/v1/auth/login/totp',
    summary: 'Second step of a login: an authenticator code or a recovery code',
    tag,
    auth: 'none',
    body: secondFactorCodeSchema,
    response: stepDone,
  }),
  loginEnrol: contract({
    method: 'post',
    path: '/v1/auth/login/enrol',
    summary: 'Second step of an administrator without a second factor: confirms the enrolment; answers the recovery codes once',
    tag,
    auth: 'none',
    body: totpConfirmSchema,
    response: stepDone,
  }),
  logout: contract({
    method: 'post',
    path: '/v1/auth/logout',
    summary: "Ends the staff session (if any) and clears its cookie; a company-account session answers the provider's logout address",
    tag,
    auth: 'none',
    response: z.object({ logoutUrl: z.string().nullable() }),
  }),
  options: contract({
    method: 'get',
    path: '/v1/auth/options',
    summary: 'How staff can log in here: whether the company account (OpenID Connect) is configured',
    tag,
    auth: 'none',
    response: z.object({ companyLogin: z.boolean() }),
  }),
  currentUser: contract({ method: 'get', path: '/dsc-staff/v1/current-user', summary: 'The session user and its permissions', tag, auth: 'staff', response: currentUser }),
  totp: contract({
    method: 'get',
    path: '/v1/auth/totp',
    summary: "The session user's second factor: on or off, required, recovery codes left",
    tag,
    auth: 'staff',
    response: totpStatus,
  }),
  totpStart: contract({
    method: 'post',
    path: '/v1/auth/totp/start',
    summary: 'Starts enrolling a new authenticator key (shown once as text and otpauth URI)',
    tag,
    auth: 'staff',
    response: totpEnrolment,
  }),
  totpConfirm: contract({
    method: 'post',
    path: '/v1/auth/totp/confirm',
    summary: 'Confirms the new key with a code from it; answers the recovery codes once',
    tag,
    auth: 'staff',
    body: totpConfirmSchema,
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  totpDisable: contract({
    method: 'post',
    path: '/v1/auth/totp/disable',
    summary: 'Turns the second factor off (not for administrators); asks the password again',
    tag,
    auth: 'staff',
    body: totpDisableSchema,
    response: messageAnswer,
  }),
  password: contract({
    method: 'post',
    path: '/v1/auth/password',
    summary: "Changes the session user's password; every other session of the account ends",
    tag,
    auth: 'staff',
    body: passwordChangeSchema,
    response: messageAnswer,
  }),
  oidcLogin: contract({
    method: 'get',
    path: '/v1/auth/oidc/login',
    summary: 'Starts a company-account login: redirects to the identity provider',
    tag,
    auth: 'none',
    query: z.object({ redirect: z.string().max(2000).optional() }),
    response: redirectAnswer,
  }),
  oidcCallback: contract({
    method: 'get',
    path: '/v1/auth/oidc/callback',
    summary: "The identity provider's return: checks state, nonce and PKCE, matches the staff table, opens the session",
    tag,
    auth: 'none',
    response: redirectAnswer,
  }),
};

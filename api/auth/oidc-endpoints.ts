import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.ts';
import { oidcClient, type OidcTransaction } from '#adapters/identity/oidc-client.ts';
import { signValue, verifySigned } from '#adapters/security/secret-box.ts';
import { findStaffByClaims } from '#services/auth/company-login.ts';
import { openSessionFor } from '#services/auth/staff-session.ts';
import { recordRefusedLogin } from '#services/auth/login-audit.ts';
import { implementResponding } from '../http/endpoint.ts';
import { IDENTITY } from '#domain/contracts/identity.ts';
import { OIDC_COOKIE, oidcCookieOptions, setSessionCookie } from './cookies.ts';
import { staffLoginLimiter } from './staff-rate-limit.ts';

/** How long a company-account login may stay at the provider. */
const TRANSACTION_MINUTES = 10;
const PURPOSE = 'oidc-transaction';

/** Only an in-app path is followed, never an absolute address from the query. */
const inAppPath = (p: string | undefined) => (p && p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') ? p : '/dashboard');

function readTransaction(deps: AppDeps, req: Request): OidcTransaction | null {
  const raw = req.cookies?.[OIDC_COOKIE] as string | undefined;
  const value = raw ? verifySigned(deps.config.appSecret, PURPOSE, raw) : null;
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as OidcTransaction & { exp: number };
    return parsed.exp > Date.now() ? parsed : null;
  } catch {
    return null;
  }
}

/** The refusal page of the web app (web/routes/sso-refused.tsx); no session is opened, nobody is created. */
function refuse(res: Response, reason: 'unknownUser' | 'failed'): void {
  res.redirect(303, `/sso-refused?reason=${reason}`);
}

const enabled = (config: AppDeps['config']) => Boolean(config.oidc);

/**
 * Staff login with the company account (req shell §4, §7.8): authorization code flow with PKCE. State,
 * nonce and PKCE verifier travel in a signed, HttpOnly, ten-minute cookie bound to this browser; the
 * callback, a GET by protocol, opens a session only when the provider's answer carries that state.
 */
export const oidcEndpoints = [
  implementResponding(IDENTITY.oidcLogin, {
    enabled,
    async respond({ deps, query }, _req, res) {
      const { url, transaction } = await oidcClient(deps.config.oidc!).begin(inAppPath(query.redirect));
      const exp = Date.now() + TRANSACTION_MINUTES * 60_000;
      res.cookie(OIDC_COOKIE, signValue(deps.config.appSecret, PURPOSE, JSON.stringify({ ...transaction, exp })), {
        ...oidcCookieOptions(deps.config),
        maxAge: TRANSACTION_MINUTES * 60_000,
      });
      res.set('Cache-Control', 'no-store');
      res.redirect(303, url);
    },
  }),
  implementResponding(IDENTITY.oidcCallback, {
    enabled,
    guards: ({ db }) => [staffLoginLimiter(db)],
    async respond({ deps, locale }, req, res) {
      const transaction = readTransaction(deps, req);
      // Spent whatever happens: a second callback with the same cookie finds nothing.
      res.clearCookie(OIDC_COOKIE, oidcCookieOptions(deps.config));
      res.set('Cache-Control', 'no-store');
      const audit = (subject: string | null) =>
        recordRefusedLogin(deps.db, { kind: 'staff', subject, ip: req.ip ?? null, status: 401 }).catch((err: unknown) => console.error('login audit row not written', err));
      if (!transaction) {
        await audit(null);
        return refuse(res, 'failed');
      }
      const settings = deps.config.oidc!;
      let claims;
      try {
        const callbackUrl = new URL(req.originalUrl, new URL(settings.redirectUri).origin);
        claims = await oidcClient(settings).finish(callbackUrl, transaction);
      } catch (err) {
        // A tampered or replayed state, a provider error, an expired code: nothing is opened.
        console.warn('company-account login refused:', err instanceof Error ? err.message : err);
        await audit(null);
        return refuse(res, 'failed');
      }
      const staff = await findStaffByClaims(deps.db, claims, settings);
      if (!staff) {
        const who = claims[settings.jobNumberClaim] ?? claims[settings.emailClaim] ?? claims.sub;
        await audit(typeof who === 'string' ? who : null);
        return refuse(res, 'unknownUser');
      }
      const session = await openSessionFor({ db: deps.db, sessionTtlHours: deps.config.SESSION_TTL_HOURS }, staff, { locale, now: new Date(), federated: true });
      setSessionCookie(res, deps.config, session);
      res.redirect(303, transaction.redirect);
    },
  }),
];

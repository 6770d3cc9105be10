import type { Request, RequestHandler } from 'express';
import type { Config } from '#infra/config.ts';
import { ERROR_CODE, HttpError } from './errors.ts';

/** Methods that change state; every GET endpoint only reads (a write declared as GET would escape this check). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery: a page of another site can make a browser send a request to this app
 * with the staff session cookie, which the browser adds by itself. So a state-changing request is
 * served only when the browser says it comes from this app's own pages: `Sec-Fetch-Site` (every current
 * browser), else `Origin` naming this app. A request with neither header was not sent by a web page
 * (an API client, a script): every browser that omits Sec-Fetch-Site sends Origin with a cross-origin
 * POST — the rule of Go's net/http CrossOriginProtection. Checked before the body is read, for every
 * route, sessions or none (a forged login is refused too).
 */
export function sameOriginWrites(config: Config): RequestHandler {
  const own = new URL(config.publicUrl).origin;
  return (req, _res, next) => {
    if (!STATE_CHANGING.has(req.method) || !fromAnotherSite(req, own)) return next();
    next(new HttpError(403, ERROR_CODE.forbidden, 'crossSiteRefused'));
  };
}

function fromAnotherSite(req: Request, own: string): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = req.get('origin');
  if (!origin) return false;
  // The configured address, or the host the browser addressed (a second name of the same server).
  return origin !== own && hostOf(origin) !== req.get('host');
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined; // 'null': a sandboxed frame, a file, a data: page
  }
}

import crypto from 'node:crypto';
import { type Locale, LOCALES } from '#domain/i18n.ts';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_RESEND_SECONDS, LOGIN_CODE_TTL_MINUTES } from '#domain/rfi/login.ts';

/** The code rules both supplier logins (invitation link, portal) share: req rfi §2 get-code, req rfi §4. */

/** A random 6-digit code, leading zeros kept. */
export const newLoginCode = () => String(crypto.randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');

/** The stored state of a code just sent: valid 10 min, no wrong tries yet, unused. */
export const freshCodeRow = (codeHash: string, now: Date) => ({
  code_hash: codeHash,
  sent_at: now,
  expires_at: new Date(now.getTime() + LOGIN_CODE_TTL_MINUTES * 60_000),
  attempts: 0,
  used_at: null,
});

/** A code sent at or before this time may be replaced by a new one (120 s between requests). */
export const resendAllowedBefore = (now: Date) => new Date(now.getTime() - LOGIN_CODE_RESEND_SECONDS * 1000);

/** Whole seconds, at least 1, until a code last sent at `sentAt` may be requested again. */
export function resendWaitSeconds(sentAt: Date | null | undefined, now: Date): number {
  const waitMs = (sentAt ? sentAt.getTime() : now.getTime()) + LOGIN_CODE_RESEND_SECONDS * 1000 - now.getTime();
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** The mail's language: the recipient's stored one when we support it, else the request's. */
export const mailLocale = (stored: string, fallback: Locale): Locale => ((LOCALES as readonly string[]).includes(stored) ? (stored as Locale) : fallback);

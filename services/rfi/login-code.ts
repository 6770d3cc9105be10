import crypto from 'node:crypto';
import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { verificationCodeMail } from '#adapters/mail/templates.ts';
import { type Locale, LOCALES } from '#domain/i18n.ts';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_RESEND_SECONDS, LOGIN_CODE_TTL_MINUTES } from '#domain/rfi/login.ts';
import { findApplicationByTemp } from './invitation.ts';
import { loginDigest } from './login-digest.ts';

export type RequestCodeResult =
  | { ok: true; resendAfterSeconds: number }
  | { ok: false; reason: 'invalidLink' }
  | { ok: false; reason: 'resendWait'; retryAfterSeconds: number };

/**
 * Mails a fresh 6-digit code to the invitation's address (spec 1 §2 get-code). The new code replaces
 * any earlier one and starts with no wrong tries. The 120 s resend rule is enforced by the upsert's
 * condition itself, so two simultaneous requests cannot both send.
 */
export async function requestLoginCode(
  deps: { db: Db; mailer: Mailer; secret: string },
  input: { temp: string; fallbackLocale: Locale; now?: Date },
): Promise<RequestCodeResult> {
  const { db, mailer, secret } = deps;
  const now = input.now ?? new Date();
  const application = await findApplicationByTemp(db, input.temp, now);
  if (!application) return { ok: false, reason: 'invalidLink' };

  const applyNo = application.apply_no;
  const code = String(crypto.randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');
  const codeHash = loginDigest(secret, 'login-code', applyNo, code);
  const fresh = {
    code_hash: codeHash,
    sent_at: now,
    expires_at: new Date(now.getTime() + LOGIN_CODE_TTL_MINUTES * 60_000),
    attempts: 0,
    used_at: null,
  };
  const resendBefore = new Date(now.getTime() - LOGIN_CODE_RESEND_SECONDS * 1000);
  const stored = await db
    .insertInto('supplier_login_code')
    .values({ apply_no: applyNo, ...fresh })
    .onConflict((oc) => oc.column('apply_no').doUpdateSet(fresh).where('supplier_login_code.sent_at', '<=', resendBefore))
    .returning('apply_no')
    .executeTakeFirst();
  if (!stored) {
    const last = await db.selectFrom('supplier_login_code').select('sent_at').where('apply_no', '=', applyNo).executeTakeFirst();
    const waitMs = (last ? last.sent_at.getTime() : now.getTime()) + LOGIN_CODE_RESEND_SECONDS * 1000 - now.getTime();
    return { ok: false, reason: 'resendWait', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  const locale = (LOCALES as readonly string[]).includes(application.locale) ? (application.locale as Locale) : input.fallbackLocale;
  const mail = verificationCodeMail({ code, minutes: LOGIN_CODE_TTL_MINUTES, locale });
  try {
    await mailer.send({ dedupeKey: `login-code:${applyNo}:${now.getTime()}`, to: application.email, ...mail, locale });
  } catch (err) {
    // An unsent code must not block the next request for 120 s.
    await db.deleteFrom('supplier_login_code').where('apply_no', '=', applyNo).where('code_hash', '=', codeHash).execute();
    throw err;
  }
  return { ok: true, resendAfterSeconds: LOGIN_CODE_RESEND_SECONDS };
}

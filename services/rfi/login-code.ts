import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { verificationCodeMail } from '#adapters/mail/templates.ts';
import type { Locale } from '#domain/i18n.ts';
import { LOGIN_CODE_RESEND_SECONDS, LOGIN_CODE_TTL_MINUTES } from '#domain/rfi/login.ts';
import { freshCodeRow, mailLocale, newLoginCode, resendAllowedBefore, resendWaitSeconds } from './fresh-code.ts';
import { findApplicationByTemp } from './invitation.ts';
import { loginDigest } from './login-digest.ts';

export type RequestCodeResult =
  | { ok: true; resendAfterSeconds: number }
  | { ok: false; reason: 'invalidLink' }
  | { ok: false; reason: 'resendWait'; retryAfterSeconds: number };

/**
 * Mails a fresh 6-digit code to the invitation's address (req rfi §2 get-code). The new code replaces
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
  const code = newLoginCode();
  const codeHash = loginDigest(secret, 'login-code', applyNo, code);
  const fresh = freshCodeRow(codeHash, now);
  const resendBefore = resendAllowedBefore(now);
  const stored = await db
    .insertInto('supplier_login_code')
    .values({ apply_no: applyNo, ...fresh })
    .onConflict((oc) => oc.column('apply_no').doUpdateSet(fresh).where('supplier_login_code.sent_at', '<=', resendBefore))
    .returning('apply_no')
    .executeTakeFirst();
  if (!stored) {
    const last = await db.selectFrom('supplier_login_code').select('sent_at').where('apply_no', '=', applyNo).executeTakeFirst();
    return { ok: false, reason: 'resendWait', retryAfterSeconds: resendWaitSeconds(last?.sent_at, now) };
  }

  const locale = mailLocale(application.locale, input.fallbackLocale);
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

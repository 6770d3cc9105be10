import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { verificationCodeMail } from '#adapters/mail/templates.ts';
import type { Locale } from '#domain/i18n.ts';
import { LOGIN_CODE_RESEND_SECONDS, LOGIN_CODE_TTL_MINUTES } from '#domain/rfi/login.ts';
import { freshCodeRow, mailLocale, newLoginCode, resendAllowedBefore, resendWaitSeconds } from '#services/rfi/fresh-code.ts';
import { loginDigest } from '#services/rfi/login-digest.ts';

/** Addresses compare without case or surrounding blanks, as accounts store them. */
const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The login state's key: an HMAC of the address, so typed addresses of strangers are not kept readable. */
export const portalEmailKey = (secret: string, email: string) => loginDigest(secret, 'portal-email', 'portal', normaliseEmail(email));

export const portalCodeDigest = (secret: string, emailKey: string, code: string) => loginDigest(secret, 'login-code', `portal:${emailKey}`, code);

/** The active account with this address, if any. */
export function activeAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('supplier_account')
    .select(['id', 'email', 'supplier_name', 'locale'])
    .where('email', '=', normaliseEmail(email))
    .where('active', '=', true)
    .executeTakeFirst();
}

export type PortalCodeResult = { ok: true; resendAfterSeconds: number } | { ok: false; reason: 'resendWait'; retryAfterSeconds: number };

/**
 * Mails a fresh 6-digit code to an active account's address (the questionnaire login's rules: 10 min,
 * 5 tries, 120 s between requests, enforced by the upsert's condition). An address without an active
 * account goes through the very same steps — a code is made and stored, the resend wait applies —
 * but no mail leaves, so the answer never tells whether an account exists.
 */
export async function requestPortalCode(
  deps: { db: Db; mailer: Mailer; secret: string },
  input: { email: string; fallbackLocale: Locale; now?: Date },
): Promise<PortalCodeResult> {
  const { db, mailer, secret } = deps;
  const now = input.now ?? new Date();
  const emailKey = portalEmailKey(secret, input.email);
  const code = newLoginCode();
  const codeHash = portalCodeDigest(secret, emailKey, code);
  const fresh = freshCodeRow(codeHash, now);
  const resendBefore = resendAllowedBefore(now);
  const stored = await db
    .insertInto('supplier_portal_login')
    .values({ email_key: emailKey, ...fresh })
    .onConflict((oc) =>
      oc
        .column('email_key')
        .doUpdateSet(fresh)
        .where((eb) => eb.or([eb('supplier_portal_login.sent_at', 'is', null), eb('supplier_portal_login.sent_at', '<=', resendBefore)])),
    )
    .returning('email_key')
    .executeTakeFirst();
  if (!stored) {
    const last = await db.selectFrom('supplier_portal_login').select('sent_at').where('email_key', '=', emailKey).executeTakeFirst();
    return { ok: false, reason: 'resendWait', retryAfterSeconds: resendWaitSeconds(last?.sent_at, now) };
  }

  const account = await activeAccountByEmail(db, input.email);
  if (account) {
    const locale = mailLocale(account.locale, input.fallbackLocale);
    const mail = verificationCodeMail({ code, minutes: LOGIN_CODE_TTL_MINUTES, locale });
    try {
      await mailer.send({ dedupeKey: `portal-login-code:${account.id}:${now.getTime()}`, to: account.email, ...mail, locale });
    } catch (err) {
      // An unsent code must not block the next request for 120 s.
      await db.updateTable('supplier_portal_login').set({ sent_at: null, code_hash: null }).where('email_key', '=', emailKey).where('code_hash', '=', codeHash).execute();
      throw err;
    }
  }
  return { ok: true, resendAfterSeconds: LOGIN_CODE_RESEND_SECONDS };
}

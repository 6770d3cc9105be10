import type { Db } from '#db/connection.ts';
import { hashToken, newToken, sameDigest } from '#adapters/security/tokens.ts';
import { CAPTCHA_AFTER_FAILED_LOGINS, LOGIN_CODE_MAX_ATTEMPTS, unusableCodeReason, wrongCodeReason, type LoginRefusalReason } from '#domain/rfi/login.ts';
import type { PortalLoginRequest } from '#domain/supplier-portal/login.ts';
import { captchaRefusal } from '#services/rfi/login-captcha.ts';
import { activeAccountByEmail, portalCodeDigest, portalEmailKey } from './login-code.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';

export type PortalLoginResult =
  | { ok: true; token: string; expiresAt: Date }
  | { ok: false; reason: LoginRefusalReason; captchaRequired: boolean };

type Deps = { db: Db; secret: string; sessionTtlHours: number };

/**
 * Exchanges the mailed code for a portal session. The questionnaire login's order and rules: the
 * captcha once 3 logins of the address failed (checked before the code, so a bot without it learns
 * nothing), one of the code's 5 tries spent before comparing, single use. State is per address,
 * known or not, so an unknown or inactive address is refused exactly like a wrong code.
 */
export async function loginPortal(deps: Deps, input: PortalLoginRequest & { now?: Date }): Promise<PortalLoginResult> {
  const { db, secret } = deps;
  const now = input.now ?? new Date();
  const emailKey = portalEmailKey(secret, input.email);

  const state = await db.selectFrom('supplier_portal_login').select('failed_logins').where('email_key', '=', emailKey).executeTakeFirst();
  const captcha = await captchaRefusal(db, secret, { failedLogins: state?.failed_logins ?? 0, captchaId: input.captchaId, captchaText: input.captchaText, now });
  if (captcha) return { ok: false, reason: captcha, captchaRequired: true };

  const refuse = async (reason: LoginRefusalReason): Promise<PortalLoginResult> => ({
    ok: false,
    reason,
    captchaRequired: (await countFailedLogin(db, emailKey)) >= CAPTCHA_AFTER_FAILED_LOGINS,
  });

  const attempt = await db
    .updateTable('supplier_portal_login')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email_key', '=', emailKey)
    .where('code_hash', 'is not', null)
    .where('used_at', 'is', null)
    .where('attempts', '<', LOGIN_CODE_MAX_ATTEMPTS)
    .where('expires_at', '>', now)
    .returning(['attempts', 'code_hash'])
    .executeTakeFirst();
  if (!attempt?.code_hash) return refuse(await whyCodeUnusable(db, emailKey, now));

  const codeHash = attempt.code_hash;
  if (!sameDigest(portalCodeDigest(secret, emailKey, input.code), codeHash)) {
    return refuse(wrongCodeReason(attempt.attempts));
  }
  // Only a lucky guess reaches here for an address without an active account: refused like a wrong code.
  const account = await activeAccountByEmail(db, input.email);
  if (!account) return refuse(wrongCodeReason(attempt.attempts));

  const token = newToken();
  const expiresAt = new Date(now.getTime() + deps.sessionTtlHours * 3_600_000);
  const opened = await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('supplier_portal_login')
      .set({ used_at: now, failed_logins: 0 })
      .where('email_key', '=', emailKey)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .returning('email_key')
      .executeTakeFirst();
    if (!used) return false; // a parallel request with the same code won
    await trx.insertInto('supplier_portal_session').values({ token_hash: hashToken(token), account_id: account.id, expires_at: expiresAt }).execute();
    // Logged in each flow of the account (relation type 20): the flow's change log shows the supplier's visits.
    const flows = await trx.selectFrom('supplier_account_flow').select('flow_no').where('account_id', '=', account.id).execute();
    await writeHistory(
      trx,
      flows.map((f) => ({
        relation: flowLogOf(f.flow_no),
        actor: { id: `portal:${account.id}`, name: account.supplier_name },
        action: 'SUPPLIER_PORTAL_LOGIN',
        description: '供应商登录供应商门户',
        at: now,
      })),
    );
    return true;
  });
  if (!opened) return refuse('codeUsed');
  return { ok: true, token, expiresAt };
}

/** Ends the session of this token (idempotent). */
export async function logoutPortal(db: Db, token: string): Promise<void> {
  await db.deleteFrom('supplier_portal_session').where('token_hash', '=', hashToken(token)).execute();
}

async function countFailedLogin(db: Db, emailKey: string): Promise<number> {
  const row = await db
    .insertInto('supplier_portal_login')
    .values({ email_key: emailKey, failed_logins: 1 })
    .onConflict((oc) => oc.column('email_key').doUpdateSet((eb) => ({ failed_logins: eb('supplier_portal_login.failed_logins', '+', 1) })))
    .returning('failed_logins')
    .executeTakeFirstOrThrow();
  return row.failed_logins;
}

async function whyCodeUnusable(db: Db, emailKey: string, now: Date): Promise<LoginRefusalReason> {
  const row = await db
    .selectFrom('supplier_portal_login')
    .select(['code_hash', 'used_at', 'attempts', 'expires_at'])
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
  const sent = row?.code_hash && row.expires_at ? { usedAt: row.used_at, attempts: row.attempts, expiresAt: row.expires_at } : undefined;
  return unusableCodeReason(sent, now);
}

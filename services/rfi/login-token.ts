import type { Db } from '#db/connection.ts';
import { hashToken, newToken, sameDigest } from '#adapters/security/tokens.ts';
import {
  CAPTCHA_AFTER_FAILED_LOGINS,
  LOGIN_CODE_MAX_ATTEMPTS,
  unusableCodeReason,
  wrongCodeReason,
  type LoginRefusalReason,
  type TokenRequest,
} from '#domain/rfi/login.ts';
import { findApplicationByTemp } from './invitation.ts';
import { supplierActor } from './questionnaire.ts';
import { loginDigest } from './login-digest.ts';
import { captchaRefusal } from './login-captcha.ts';
import { rfiLogOf, writeHistory } from '#services/history/write-history.ts';

export type LoginResult =
  | { ok: true; token: string; applyNo: string }
  | { ok: false; reason: LoginRefusalReason; captchaRequired: boolean };

type Deps = { db: Db; secret: string; sessionTtlHours: number };

/**
 * Exchanges the e-mailed code for a supplier session (req rfi §7 get-token; architecture §6).
 * Order matters: the link, then the captcha once it is required, then the code — so a bot without
 * the captcha learns nothing about the code. Every refusal after the link counts as a failed login.
 */
export async function loginWithCode(deps: Deps, input: TokenRequest & { now?: Date }): Promise<LoginResult> {
  const { db, secret } = deps;
  const now = input.now ?? new Date();
  const application = await findApplicationByTemp(db, input.temp, now);
  if (!application) return { ok: false, reason: 'invalidLink', captchaRequired: false };
  const applyNo = application.apply_no;

  const captcha = await captchaRefusal(db, secret, { failedLogins: application.failed_logins, captchaId: input.captchaId, captchaText: input.captchaText, now });
  if (captcha) return { ok: false, reason: captcha, captchaRequired: true };

  const refuse = async (reason: LoginRefusalReason): Promise<LoginResult> => ({
    ok: false,
    reason,
    captchaRequired: (await countFailedLogin(db, applyNo)) >= CAPTCHA_AFTER_FAILED_LOGINS,
  });

  // Each check spends one of the code's tries before comparing, so parallel guesses cannot exceed the limit.
  const attempt = await db
    .updateTable('supplier_login_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('apply_no', '=', applyNo)
    .where('used_at', 'is', null)
    .where('attempts', '<', LOGIN_CODE_MAX_ATTEMPTS)
    .where('expires_at', '>', now)
    .returning(['attempts', 'code_hash'])
    .executeTakeFirst();
  if (!attempt) return refuse(await whyCodeUnusable(db, applyNo, now));

  const emailMatches = input.email.trim().toLowerCase() === application.email.trim().toLowerCase();
  const codeMatches = sameDigest(loginDigest(secret, 'login-code', applyNo, input.code), attempt.code_hash);
  if (!emailMatches || !codeMatches) {
    return refuse(wrongCodeReason(attempt.attempts));
  }

  const token = newToken();
  const opened = await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('supplier_login_code')
      .set({ used_at: now })
      .where('apply_no', '=', applyNo)
      .where('code_hash', '=', attempt.code_hash)
      .where('used_at', 'is', null)
      .returning('apply_no')
      .executeTakeFirst();
    if (!used) return false; // a parallel request with the same code won
    await trx
      .insertInto('supplier_session')
      .values({ token_hash: hashToken(token), apply_no: applyNo, expires_at: new Date(now.getTime() + deps.sessionTtlHours * 3_600_000) })
      .execute();
    await trx.updateTable('rfi_application').set({ failed_logins: 0 }).where('apply_no', '=', applyNo).execute();
    // The change log names the supplier company, as for its saves, not the contact's e-mail.
    const flow = await trx.selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', application.flow_no).executeTakeFirstOrThrow();
    await writeHistory(trx, {
      relation: rfiLogOf(application.flow_no),
      actor: supplierActor({ applyNo, supplierName: flow.supplier_name }),
      action: 'SUPPLIER_LOGIN',
      description: '供应商通过邮箱验证码登录',
      at: now,
    });
    return true;
  });
  if (!opened) return refuse('codeUsed');
  return { ok: true, token, applyNo };
}

async function countFailedLogin(db: Db, applyNo: string): Promise<number> {
  const row = await db
    .updateTable('rfi_application')
    .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
    .where('apply_no', '=', applyNo)
    .returning('failed_logins')
    .executeTakeFirst();
  return row?.failed_logins ?? 0;
}

async function whyCodeUnusable(db: Db, applyNo: string, now: Date): Promise<LoginRefusalReason> {
  const row = await db
    .selectFrom('supplier_login_code')
    .select(['used_at', 'attempts', 'expires_at'])
    .where('apply_no', '=', applyNo)
    .executeTakeFirst();
  return unusableCodeReason(row && { usedAt: row.used_at, attempts: row.attempts, expiresAt: row.expires_at }, now);
}

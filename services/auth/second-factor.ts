import type { Db } from '#db/connection.ts';
import { secondFactorRequired, type TotpEnrolment, type TotpStatus } from '#domain/staff-identity/second-factor.ts';
import { secretBox } from '#adapters/security/secret-box.ts';
import { verifyPassword } from '#adapters/security/password.ts';
import { badRequest, conflict } from '#domain/errors.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri, verifyTotp } from './totp.ts';

/** The second factor of a local account: enrolment, recovery codes, status and turning it off. */

const box = (appSecret: string) => secretBox(appSecret, 'totp');

export function totpSecretOf(appSecret: string, sealed: string | null): string | null {
  return sealed ? box(appSecret).open(sealed) : null;
}

/** Starts (or restarts) an enrolment: a new key, kept aside until a code from it is confirmed. */
export async function startTotpEnrolment(db: Db, appSecret: string, staff: { id: string; username: string; email: string }): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  await db.updateTable('staff').set({ totp_pending_secret: box(appSecret).seal(secret) }).where('id', '=', staff.id).execute();
  return { secret, uri: totpUri(secret, staff.email || staff.username) };
}

export async function pendingTotpSecret(db: Db, appSecret: string, staffId: string): Promise<string | null> {
  const row = await db.selectFrom('staff').select('totp_pending_secret').where('id', '=', staffId).executeTakeFirst();
  return totpSecretOf(appSecret, row?.totp_pending_secret ?? null);
}

/**
 * Turns the pending key into the account's second factor, with the confirming code's step as the last
 * used one, and replaces the recovery codes; answers the new codes, which are shown once.
 */
export async function enableTotp(db: Db, staffId: string, step: number, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set((eb) => ({ totp_secret: eb.ref('totp_pending_secret'), totp_pending_secret: null, totp_enabled_at: now, totp_last_step: step }))
      .where('id', '=', staffId)
      .execute();
    await trx.deleteFrom('staff_recovery_code').where('staff_id', '=', staffId).execute();
    await trx
      .insertInto('staff_recovery_code')
      .values(codes.map((c) => ({ staff_id: staffId, code_hash: hashRecoveryCode(c) })))
      .execute();
  });
  return codes;
}

/** Confirms an enrolment started on the profile page with a code from the new key. */
export async function confirmTotpEnrolment(db: Db, appSecret: string, staffId: string, code: string, now = new Date()): Promise<string[]> {
  const secret = await pendingTotpSecret(db, appSecret, staffId);
  if (!secret) throw conflict('totpNotStarted');
  const step = await verifyTotp(secret, code, null, now);
  if (step === null) throw badRequest('wrongTotpCode', { code: 'wrongTotpCode' });
  return enableTotp(db, staffId, step, now);
}

/** Spends one recovery code; false when it is not one of the account's unused codes. */
export async function useRecoveryCode(db: Db, staffId: string, code: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('staff_recovery_code')
    .set({ used_at: now })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}

export async function totpStatus(db: Db, staffId: string): Promise<TotpStatus> {
  const staff = await db.selectFrom('staff').select(['roles', 'totp_enabled_at']).where('id', '=', staffId).executeTakeFirstOrThrow();
  const left = await db
    .selectFrom('staff_recovery_code')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled: staff.totp_enabled_at !== null, required: secondFactorRequired(staff.roles), recoveryCodesLeft: Number(left.n) };
}

/** Turns the second factor off after the password is given again; administrators cannot. */
export async function disableTotp(db: Db, staffId: string, password: string): Promise<void> {
  const staff = await db.selectFrom('staff').select(['roles', 'password_hash', 'totp_enabled_at']).where('id', '=', staffId).executeTakeFirstOrThrow();
  if (secondFactorRequired(staff.roles)) throw conflict('totpRequiredForRole');
  if (!staff.totp_enabled_at) throw conflict('totpNotEnabled');
  if (!(await verifyPassword(password, staff.password_hash))) throw badRequest('wrongCurrentPassword', { password: 'wrongCurrentPassword' });
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null }).where('id', '=', staffId).execute();
    await trx.deleteFrom('staff_recovery_code').where('staff_id', '=', staffId).execute();
  });
}

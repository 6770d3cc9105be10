import type { Db } from '#db/connection.ts';
import { newPasswordMessage, type PasswordChange } from '#domain/staff-identity/password-rules.ts';
import { hashPassword, verifyPassword } from '#adapters/security/password.ts';
import { badRequest, conflict } from '#domain/errors.ts';
import { backoffRemaining, recordLoginFailure } from './login-backoff.ts';
import { endOtherSessions } from './staff-session.ts';

export type PasswordChangeResult = { ok: true } | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Changes a local account's password (ASVS V6.2.2, V6.2.3, V7.4.3): the current password is asked
 * again (a wrong one counts in the account's login back-off, so a borrowed session cannot guess it),
 * the new one meets the rules, and every other session of the account ends.
 */
export async function changePassword(
  db: Db,
  who: { id: string; username: string; sessionToken: string; clientAddress?: string },
  input: PasswordChange,
  opts: { configuredAdmin?: string; now?: Date } = {},
): Promise<PasswordChangeResult> {
  const now = opts.now ?? new Date();
  // The configured administrator's password is configuration: a start would set ADMIN_PASSWORD again.
  if (opts.configuredAdmin === who.username) throw conflict('passwordManagedByConfig');
  const attempt = { username: who.username, address: who.clientAddress ?? 'unknown' };
  const wait = await backoffRemaining(db, attempt, now);
  if (wait) return { ok: false, reason: 'throttled', retryAfterSeconds: wait };
  const staff = await db.selectFrom('staff').select('password_hash').where('id', '=', who.id).executeTakeFirstOrThrow();
  if (!(await verifyPassword(input.currentPassword, staff.password_hash))) {
    await recordLoginFailure(db, attempt, now);
    throw badRequest('wrongCurrentPassword', { currentPassword: 'wrongCurrentPassword' });
  }
  const problem = newPasswordMessage(input.newPassword, who.username);
  if (problem) throw badRequest(problem, { newPassword: problem });
  if (input.newPassword === input.currentPassword) throw badRequest('passwordSameAsCurrent', { newPassword: 'passwordSameAsCurrent' });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', who.id).execute();
    await endOtherSessions(trx, who.id, who.sessionToken);
  });
  return { ok: true };
}

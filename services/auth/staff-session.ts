import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { hashPassword, verifyPassword } from '#adapters/security/password.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';
import { backoffRemaining, clearLoginFailures, recordLoginFailure } from './login-backoff.ts';

export interface StaffSessionDeps {
  db: Db;
  sessionTtlHours: number;
  now?: () => Date;
}

export interface OpenedSession {
  token: string;
  expiresAt: Date;
}

export type StaffLoginResult =
  | ({ ok: true } & OpenedSession)
  | { ok: false; reason: 'badCredentials' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

// Verified against when the username is unknown, so a miss costs the same time as a wrong password
// and the answer time does not tell which usernames exist.
const decoyHash = hashPassword('decoy-password-never-matches');

/**
 * Checks a local account's password and opens a session. Any mismatch is one reason (no hint which);
 * an account in back-off is refused before its password is looked at.
 */
export async function openStaffSession(deps: StaffSessionDeps, username: string, password: string, locale?: Locale): Promise<StaffLoginResult> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const wait = await backoffRemaining(db, username, now);
  if (wait) return { ok: false, reason: 'throttled', retryAfterSeconds: wait };
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'password_hash'])
    .where('username', '=', username)
    .where('active', '=', true)
    .executeTakeFirst();
  const matches = await verifyPassword(password, staff?.password_hash ?? (await decoyHash));
  if (!staff || !matches) {
    await recordLoginFailure(db, username, now);
    return { ok: false, reason: 'badCredentials' };
  }

  const token = newToken();
  const expiresAt = new Date(now.getTime() + deps.sessionTtlHours * 3_600_000);
  await db.transaction().execute(async (trx) => {
    // Housekeeping: this user's ended sessions go when a new one starts.
    await trx.deleteFrom('staff_session').where('staff_id', '=', staff.id).where('expires_at', '<=', now).execute();
    await trx.insertInto('staff_session').values({ token_hash: hashToken(token), staff_id: staff.id, expires_at: expiresAt }).execute();
    await clearLoginFailures(trx, username);
    // The language they log in with is the one their mails are written in (reminders, docs/decisions.md).
    if (locale) await trx.updateTable('staff').set({ locale }).where('id', '=', staff.id).execute();
  });
  return { ok: true, token, expiresAt };
}

/** Ends the session of a token; unknown or already ended tokens are fine (logout is idempotent). */
export async function closeStaffSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('staff_session').where('token_hash', '=', hashToken(token)).execute();
}

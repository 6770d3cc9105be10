import { sql } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';

/**
 * Back-off of staff logins, counted two ways so that nobody can lock anyone else out:
 *
 * - per account and client address: after FREE_FAILURES in a row from one address, each further failure
 *   from there closes the account's login *for that address* for 2, 4, 8 … seconds, up to 15 minutes;
 * - per account from every address (a guesser rotating addresses): after many more failures the account is
 *   only slowed, for 2, 4, 8 … seconds up to one minute, so its owner waits at most a minute, told how long.
 *
 * While closed even the right password is refused. Unknown usernames count alike, so the answers do not tell
 * which accounts exist. A success clears the account's counts; a failure long after the last starts afresh.
 * The per-address limits of the API (api/auth/staff-rate-limit.ts) also key on the account, so colleagues
 * behind one NAT address never share a lock.
 */
export const STAFF_BACKOFF = { freeFailures: 5, maxSeconds: 15 * 60, forgetAfterHours: 24 } as const;
export const ACCOUNT_BACKOFF = { freeFailures: 20, maxSeconds: 60 } as const;

/** Who is trying: the username as typed and the client address the request came from. */
export interface LoginAttempt {
  username: string;
  address: string;
}

/** Seconds of back-off after `failures` failures in a row (0 while within the free ones). */
export function backoffSeconds(failures: number, rule: { freeFailures: number; maxSeconds: number } = STAFF_BACKOFF): number {
  const over = failures - rule.freeFailures;
  return over < 0 ? 0 : Math.min(2 ** (over + 1), rule.maxSeconds);
}

const accountKey = (username: string) => `staff:${username.trim().toLowerCase()}`;
const pairKey = (a: LoginAttempt) => `${accountKey(a.username)}@${a.address}`;

/** Whole seconds until this account may try again from this address, or 0 when it may now. */
export async function backoffRemaining(db: DbOrTrx, attempt: LoginAttempt, now: Date): Promise<number> {
  const rows = await db.selectFrom('login_backoff').select('blocked_until').where('account', 'in', [accountKey(attempt.username), pairKey(attempt)]).execute();
  const until = Math.max(0, ...rows.map((r) => (r.blocked_until ? new Date(r.blocked_until).getTime() : 0)));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** Counts one failure on both counters and closes what it must; returns the seconds this address now waits. */
export async function recordLoginFailure(db: DbOrTrx, attempt: LoginAttempt, now: Date): Promise<number> {
  const [pair, account] = await Promise.all([
    countFailure(db, pairKey(attempt), STAFF_BACKOFF, now),
    countFailure(db, accountKey(attempt.username), ACCOUNT_BACKOFF, now),
  ]);
  return Math.max(pair, account);
}

async function countFailure(db: DbOrTrx, key: string, rule: { freeFailures: number; maxSeconds: number }, now: Date): Promise<number> {
  const forgotten = sql<boolean>`login_backoff.last_failure_at < ${new Date(now.getTime() - STAFF_BACKOFF.forgetAfterHours * 3_600_000)}::timestamptz`;
  const { failures } = await db
    .insertInto('login_backoff')
    .values({ account: key, failures: 1, last_failure_at: now })
    .onConflict((oc) =>
      oc.column('account').doUpdateSet({
        failures: sql<number>`case when ${forgotten} then 1 else login_backoff.failures + 1 end`,
        last_failure_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  const seconds = backoffSeconds(failures, rule);
  if (seconds) await db.updateTable('login_backoff').set({ blocked_until: new Date(now.getTime() + seconds * 1000) }).where('account', '=', key).execute();
  return seconds;
}

/** A successful login forgets the account's failures, from every address. */
export async function clearLoginFailures(db: DbOrTrx, username: string): Promise<void> {
  const key = accountKey(username);
  await db
    .deleteFrom('login_backoff')
    .where((eb) => eb.or([eb('account', '=', key), eb('account', 'like', `${key.replace(/[\\%_]/g, '\\$&')}@%`)]))
    .execute();
}

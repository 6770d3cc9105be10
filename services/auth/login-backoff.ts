import { sql } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';

/**
 * Per-account back-off of staff logins. The per-IP limit cannot stop a guesser who rotates addresses
 * (or arrives through a trusted proxy), so failures also count per username: after FREE_FAILURES in a
 * row, each further failure closes the account's login for 2, 4, 8 … seconds, capped, and while it is
 * closed even the right password is refused. Unknown usernames count alike, so the answers do not tell
 * which accounts exist. A success clears the count; a failure long after the last one starts afresh.
 */
export const STAFF_BACKOFF = { freeFailures: 5, maxSeconds: 15 * 60, forgetAfterHours: 24 } as const;

/** Seconds of back-off after `failures` failures in a row (0 while within the free ones). */
export function backoffSeconds(failures: number): number {
  const over = failures - STAFF_BACKOFF.freeFailures;
  return over < 0 ? 0 : Math.min(2 ** (over + 1), STAFF_BACKOFF.maxSeconds);
}

const accountKey = (username: string) => `staff:${username.trim().toLowerCase()}`;

/** Whole seconds until the account may try again, or 0 when it may now. */
export async function backoffRemaining(db: DbOrTrx, username: string, now: Date): Promise<number> {
  const row = await db.selectFrom('login_backoff').select('blocked_until').where('account', '=', accountKey(username)).executeTakeFirst();
  const until = row?.blocked_until ? new Date(row.blocked_until).getTime() : 0;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** Counts one failure and closes the account for its back-off; returns the seconds it is closed for. */
export async function recordLoginFailure(db: DbOrTrx, username: string, now: Date): Promise<number> {
  const forgotten = sql<boolean>`login_backoff.last_failure_at < ${new Date(now.getTime() - STAFF_BACKOFF.forgetAfterHours * 3_600_000)}::timestamptz`;
  const { failures } = await db
    .insertInto('login_backoff')
    .values({ account: accountKey(username), failures: 1, last_failure_at: now })
    .onConflict((oc) =>
      oc.column('account').doUpdateSet({
        failures: sql<number>`case when ${forgotten} then 1 else login_backoff.failures + 1 end`,
        last_failure_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  const seconds = backoffSeconds(failures);
  if (seconds) {
    await db
      .updateTable('login_backoff')
      .set({ blocked_until: new Date(now.getTime() + seconds * 1000) })
      .where('account', '=', accountKey(username))
      .execute();
  }
  return seconds;
}

/** A successful login forgets the account's failures. */
export async function clearLoginFailures(db: DbOrTrx, username: string): Promise<void> {
  await db.deleteFrom('login_backoff').where('account', '=', accountKey(username)).execute();
}

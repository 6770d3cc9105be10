import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { preparedStatement } from '#db/prepared-statement.ts';

/**
 * The table of request keys (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Request keys"): per caller and key, the route and body
 * digest of the first request, and its outcome once known. A row without a status is an attempt still
 * running, held by its lease; when the lease ends without an outcome (the process died) the next attempt
 * takes the key over.
 */

export interface RecordedAnswer {
  status: number;
  answer: unknown;
}

export type Claim =
  /**
   * This attempt runs the request. `retry`: an earlier attempt with the key ran and ended without a
   * recorded outcome (a 5xx released it, or its lease ended), so what it asked of the engine may have
   * gone through after its answer was lost.
   */
  | { kind: 'claimed'; retry: boolean }
  | { kind: 'answered'; recorded: RecordedAnswer }
  | { kind: 'running' }
  /** The key was first used for another route or another body. */
  | { kind: 'mismatch' };

export interface KeyedRequest {
  caller: string;
  key: string;
  route: string;
  fingerprint: string;
}

/** A key is remembered this long after its first use (then the same key is a new request). */
export const REQUEST_KEY_TTL_MS = 24 * 3600_000;

/*
 * The two statements every keyed write runs (claim, record the outcome) are compiled once and prepared
 * (db/prepared-statement.ts), as the save's own are: built per call they cost the API more CPU than the
 * save's checks, and PostgreSQL a parse and plan each.
 *
 * The claim inserts the key, or takes over a row of the same key that is past its day (forgotten: the key
 * starts over rather than answering yesterday's outcome) — one statement where a delete of the expired row
 * and the insert were two; a live row is left as it is and read below.
 */
const claimKey = preparedStatement((db, v: KeyedRequest & { lease: Date; expires: Date; now: Date }) =>
  db
    .insertInto('request_key')
    .values({ caller: v.caller, key: v.key, route: v.route, fingerprint: v.fingerprint, status: null, answer: null, lease_until: v.lease, expires_at: v.expires })
    .onConflict((oc) =>
      oc
        .columns(['caller', 'key'])
        .doUpdateSet((eb) => ({
          route: eb.ref('excluded.route'),
          fingerprint: eb.ref('excluded.fingerprint'),
          status: eb.ref('excluded.status'),
          answer: eb.ref('excluded.answer'),
          lease_until: eb.ref('excluded.lease_until'),
          created_at: eb.ref('excluded.created_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('request_key.expires_at', '<', v.now),
    )
    .returning('key'),
);
const recordOutcome = preparedStatement((db, v: { caller: string; key: string; status: number; answer: string; now: Date }) =>
  db.updateTable('request_key').set({ status: v.status, answer: v.answer, lease_until: v.now }).where('caller', '=', v.caller).where('key', '=', v.key),
);

/** The key's row: read by an attempt that did not claim it, and while it waits for the first attempt's outcome. */
const keyRow = preparedStatement((db, v: Pick<KeyedRequest, 'caller' | 'key'>) =>
  db.selectFrom('request_key').selectAll().where('caller', '=', v.caller).where('key', '=', v.key),
);

export async function claimRequestKey(db: Db, r: KeyedRequest, leaseMs: number): Promise<Claim> {
  const lease = new Date(Date.now() + leaseMs);
  const now = new Date();
  const { rows: [inserted] } = await claimKey(db, { ...r, lease, expires: new Date(now.getTime() + REQUEST_KEY_TTL_MS), now });
  if (inserted) return { kind: 'claimed', retry: false };
  const { rows: [row] } = await keyRow(db, r);
  // Deleted between the two statements (released after a failure): this attempt is the next one.
  if (!row) return claimRequestKey(db, r, leaseMs);
  if (row.route !== r.route || row.fingerprint !== r.fingerprint) return { kind: 'mismatch' };
  if (row.status !== null) return { kind: 'answered', recorded: { status: row.status, answer: row.answer } };
  // The earlier attempt ended without an outcome (released) or its lease ended (its process is gone, or it
  // could not record): this attempt takes over.
  const taken = await db
    .updateTable('request_key')
    .set({ lease_until: lease })
    .where('caller', '=', r.caller)
    .where('key', '=', r.key)
    .where('status', 'is', null)
    .where('lease_until', '<', sql<Date>`now()`)
    .returning('key')
    .executeTakeFirst();
  return taken ? { kind: 'claimed', retry: true } : { kind: 'running' };
}

/** The outcome of a claimed attempt, answered again to every later attempt with the key. */
export async function recordRequestOutcome(db: Db, r: Pick<KeyedRequest, 'caller' | 'key'>, outcome: RecordedAnswer): Promise<void> {
  await recordOutcome(db, { caller: r.caller, key: r.key, status: outcome.status, answer: JSON.stringify(outcome.answer), now: new Date() });
}

/**
 * The answer given to the caller while the attempt still runs (202: the engine accepted the write and carries it
 * out): later attempts get it too until the outcome replaces it. Never over an outcome already recorded.
 */
export async function recordPendingAnswer(db: Db, r: Pick<KeyedRequest, 'caller' | 'key'>, pending: RecordedAnswer): Promise<void> {
  await db
    .updateTable('request_key')
    .set({ status: pending.status, answer: JSON.stringify(pending.answer) })
    .where('caller', '=', r.caller)
    .where('key', '=', r.key)
    .where('status', 'is', null)
    .execute();
}

/**
 * An attempt that failed without an outcome worth repeating (5xx): the next attempt runs the request again.
 * The key stays, its lease ended, so that attempt knows it is a retry (and the key keeps its route and body).
 */
export async function releaseRequestKey(db: Db, r: Pick<KeyedRequest, 'caller' | 'key'>): Promise<void> {
  await db
    .updateTable('request_key')
    .set({ lease_until: sql<Date>`now() - interval '1 second'` })
    .where('caller', '=', r.caller)
    .where('key', '=', r.key)
    .where('status', 'is', null)
    .execute();
}

/** The recorded outcome, if the attempt holding the key has finished meanwhile. */
export async function recordedOutcome(db: Db, r: Pick<KeyedRequest, 'caller' | 'key'>): Promise<RecordedAnswer | undefined> {
  const { rows: [row] } = await keyRow(db, { caller: r.caller, key: r.key });
  return row && row.status !== null ? { status: row.status, answer: row.answer } : undefined;
}

/** Deletes the keys past their day; returns how many. */
export async function deleteExpiredRequestKeys(db: Db): Promise<number> {
  const res = await db.deleteFrom('request_key').where('expires_at', '<', new Date()).executeTakeFirst();
  return Number(res.numDeletedRows);
}

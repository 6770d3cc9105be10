import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';

/**
 * The table of request keys (docs/decisions.md "Request keys"): per caller and key, the route and body
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

export async function claimRequestKey(db: Db, r: KeyedRequest, leaseMs: number): Promise<Claim> {
  const lease = new Date(Date.now() + leaseMs);
  // A key past its day is forgotten first, so it starts over rather than answering yesterday's outcome.
  await db.deleteFrom('request_key').where('caller', '=', r.caller).where('key', '=', r.key).where('expires_at', '<', new Date()).execute();
  const inserted = await db
    .insertInto('request_key')
    .values({ ...r, status: null, answer: null, lease_until: lease, expires_at: new Date(Date.now() + REQUEST_KEY_TTL_MS) })
    .onConflict((oc) => oc.columns(['caller', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { kind: 'claimed', retry: false };
  const row = await db.selectFrom('request_key').selectAll().where('caller', '=', r.caller).where('key', '=', r.key).executeTakeFirst();
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
  await db
    .updateTable('request_key')
    .set({ status: outcome.status, answer: JSON.stringify(outcome.answer), lease_until: new Date() })
    .where('caller', '=', r.caller)
    .where('key', '=', r.key)
    .execute();
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
  const row = await db.selectFrom('request_key').select(['status', 'answer']).where('caller', '=', r.caller).where('key', '=', r.key).executeTakeFirst();
  return row && row.status !== null ? { status: row.status, answer: row.answer } : undefined;
}

/** Deletes the keys past their day; returns how many. */
export async function deleteExpiredRequestKeys(db: Db): Promise<number> {
  const res = await db.deleteFrom('request_key').where('expires_at', '<', new Date()).executeTakeFirst();
  return Number(res.numDeletedRows);
}

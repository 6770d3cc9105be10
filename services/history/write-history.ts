import type { DbOrTrx } from '#db/connection.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import type { Actor } from '#domain/identity.ts';
import { requestScopedHistoryKey } from '#adapters/request/request-scope.ts';

/**
 * The one writer of operation-history rows (architecture §5: every state change writes one, in the same
 * transaction). The change logs render a row from its action and detail (domain/history-text.ts); the
 * description is the stored text they fall back on.
 */

/** Whose log a row belongs to: a flow's RFI change log (type 10) or its certification log (type 20). */
export interface HistoryRelation {
  type: (typeof RELATION_TYPE)[keyof typeof RELATION_TYPE];
  code: string;
}

export const rfiLogOf = (flowNo: string): HistoryRelation => ({ type: RELATION_TYPE.RFI_LOG, code: flowNo });
export const flowLogOf = (flowNo: string): HistoryRelation => ({ type: RELATION_TYPE.CERT_FLOW, code: flowNo });

export interface HistoryEntry {
  relation: HistoryRelation;
  actor: Actor;
  action: string;
  description: string;
  detail?: Record<string, unknown>;
  /**
   * Given by activities, which Temporal may retry: a second row with the same key is not written. A row
   * without one written by a request sent with a request key is keyed by that request.
   */
  dedupeKey?: string;
  /** When it happened, if the caller has the moment already; else the database's clock. */
  at?: Date;
}

/** Writes one row, or several in one statement; pass the transaction that holds the change. */
export async function writeHistory(db: DbOrTrx, entries: HistoryEntry | readonly HistoryEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as HistoryEntry];
  if (!list.length) return;
  await db
    .insertInto('operation_history')
    .values(list.map(historyRow))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * The row `writeHistory` inserts for an entry, for a statement that writes its change and its row at once
 * (a data-modifying `with`, services/cert-flow/projection.ts); insert it with `on conflict (dedupe_key) do nothing`.
 */
export function historyRow(e: HistoryEntry) {
  return {
    relation_type: e.relation.type,
    relation_code: e.relation.code,
    dedupe_key: e.dedupeKey ?? requestScopedHistoryKey({ relationType: e.relation.type, relationCode: e.relation.code, action: e.action }),
    operator_id: e.actor.id,
    operator_name: e.actor.name,
    action: e.action,
    description: e.description,
    detail: e.detail ? JSON.stringify(e.detail) : null,
    ...(e.at ? { created_at: e.at } : {}),
  };
}

import { sql } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { changeRecordOf, FACTORY_MAX_DEFAULT, type ChangeRecord, type ChangeRuleContext, type SupplierSideRecord } from '#domain/supplier-change/change-form.ts';
import { withRowIds } from '#domain/supplier-change/row-ids.ts';
import { PURCHASE_PARTS, type ChangeSide } from '#domain/supplier-change/status.ts';
import { SUPPLIER_ACTIVE } from '#domain/supplier-master.ts';
import { conflict, notFound } from '#domain/errors.ts';
import type { HistoryRelation } from '#services/history/write-history.ts';

export const changeLogOf = (flowNo: string): HistoryRelation => ({ type: RELATION_TYPE.SUPPLIER_CHANGE, code: flowNo });

/** SC + yyyymmdd + a 4-digit counter of the day. */
export async function nextChangeNo(db: DbOrTrx, now = new Date()): Promise<string> {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const row = await db
    .insertInto('supplier_change_no_seq')
    .values({ day, last: 1 })
    .onConflict((oc) => oc.column('day').doUpdateSet({ last: sql`supplier_change_no_seq.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `SC${day}${String(row.last).padStart(4, '0')}`;
}

export async function loadChange(db: DbOrTrx, flowNo: string, forUpdate = false) {
  let q = db.selectFrom('supplier_change').selectAll().where('flow_no', '=', flowNo);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('changeNotFound');
  return row;
}
export type ChangeRowRecord = Awaited<ReturnType<typeof loadChange>>;

/**
 * The supplier's master as a change edits it: every list row with its row id. Ids given now are stored at
 * once (the content is the same, so the master's version stays), so every later read sees the same ids.
 */
export async function masterOf(db: DbOrTrx, supplierNo: string, forUpdate = false): Promise<{ record: ChangeRecord; version: number; name: string; code: string; status: number }> {
  let q = db.selectFrom('supplier').select(['master', 'master_version', 'name', 'supplier_code', 'status']).where('supplier_no', '=', supplierNo);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('unknownSupplier');
  if (!row.master) throw conflict('supplierHasNoMaster');
  const { record, assigned } = withRowIds(row.master);
  if (assigned) await db.updateTable('supplier').set({ master: JSON.stringify(record) }).where('supplier_no', '=', supplierNo).execute();
  return { record: changeRecordOf(record) as ChangeRecord, version: row.master_version, name: row.name, code: row.supplier_code, status: row.status };
}

/** A new change needs an active supplier with a master. */
export function requireChangeable(master: { status: number }): void {
  if (master.status !== SUPPLIER_ACTIVE) throw conflict('supplierInactive');
}

/** What a side may see of a record: the supplier side never the purchase parts. */
export function recordForSide(record: ChangeRecord, side: ChangeSide): ChangeRecord | SupplierSideRecord {
  if (side === 'staff') return record;
  const out: Record<string, unknown> = { ...record };
  for (const part of PURCHASE_PARTS) delete out[part];
  return out as SupplierSideRecord;
}

/** The purchasing organisations in effect for the supplier: those of its master's purchase-group rows. */
export function effectivePurchaseOrgsOf(record: Pick<ChangeRecord, 'purchaseGroupList'>): string[] {
  return [...new Set(record.purchaseGroupList.flatMap((g) => g.purchaseGroupCodes ?? []))];
}

/** The full rules' context of a change starting from `before`. */
export function ruleContextOf(before: ChangeRecord, factoryAdmin: boolean, maxFactories = FACTORY_MAX_DEFAULT): ChangeRuleContext {
  return { before, factoryAdmin, maxFactories, effectivePurchaseOrgs: effectivePurchaseOrgsOf(before) };
}

/** The open change of a supplier, if any (one at most). */
export async function openChangeOf(db: DbOrTrx, supplierNo: string) {
  return db
    .selectFrom('supplier_change')
    .select(['flow_no', 'status', 'side'])
    .where('supplier_no', '=', supplierNo)
    .where('status', 'in', ['saved', 'approving', 'conflict', 'applying'])
    .executeTakeFirst();
}


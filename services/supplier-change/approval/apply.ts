import { sql } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import { SYSTEM_ACTOR, type StaffActor } from '#domain/identity.ts';
import type { ReleaseContactRow } from '#domain/release/release-form.ts';
import { rowsById } from '#domain/supplier-change/row-ids.ts';
import { partsOf } from '#domain/supplier-change/status.ts';
import type { SupplierMasterRecord } from '#domain/supplier-master-record.ts';
import { basicInfoColumns } from '#services/admission/supplier-writes.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { closeChangeTasks } from './change-tasks.ts';
import { changeLogOf } from '../change-rows.ts';

type Master = SupplierMasterRecord & Record<string, unknown>;
type Contact = ReleaseContactRow & { rowId?: string };

/**
 * The master after the change: the current master with the parts the change's modify type and side
 * may edit taken from the change's new version (every other part stays as it is now). The supplier code
 * is the ERP's and never changes here.
 */
export function masterAfterChange(current: Master, newVersion: Master, parts: readonly string[]): Master {
  const next: Master = { ...current };
  for (const part of parts) (next as Record<string, unknown>)[part] = newVersion[part];
  if (parts.includes('basicInfo')) next.basicInfo = { ...newVersion.basicInfo, supplierCode: current.basicInfo?.supplierCode };
  return next;
}

/**
 * An approved change is applied to the supplier master in one transaction, with the version check: the
 * master must still be the version the change's snapshot was taken of, else nothing is written and the
 * answer is 'conflict' (unless the approver decided to apply over the newer master). The master's version
 * goes up by one; the supplier's columns follow a changed basic info, and applied contacts update the
 * supplier's contacts. Idempotent: a change already applied answers 'applied' and writes nothing.
 */
export async function applyChangeToMaster(db: Db, input: { flowNo: string; round: number; overConflict: boolean; actor?: StaffActor }): Promise<'applied' | 'conflict'> {
  return db.transaction().execute(async (trx) => {
    const change = await trx.selectFrom('supplier_change').selectAll().where('flow_no', '=', input.flowNo).forUpdate().executeTakeFirstOrThrow();
    if (change.round !== input.round || change.status === 'applying' || change.status === 'finished' || change.applied_at) return 'applied';
    if (change.status !== 'approving' && change.status !== 'conflict') return 'applied';
    // Locked: no other write of this master between the check and the update.
    const supplier = await trx.selectFrom('supplier').select(['master', 'master_version']).where('supplier_no', '=', change.supplier_no).forUpdate().executeTakeFirstOrThrow();
    if (supplier.master_version !== change.master_version && !input.overConflict) return 'conflict';

    const parts = partsOf(change.modify_type, change.side);
    const current = (supplier.master ?? {}) as Master;
    const next = masterAfterChange(current, change.new_version as Master, parts);
    const now = new Date();
    await trx
      .updateTable('supplier')
      .set({
        master: JSON.stringify(next),
        master_version: sql`master_version + 1`,
        ...(parts.includes('basicInfo') ? basicInfoColumns(next.basicInfo) : {}),
        updated_at: now,
      })
      .where('supplier_no', '=', change.supplier_no)
      .execute();
    if (parts.includes('contactList')) {
      await syncContacts(trx, change.supplier_no, ((change.snapshot as Master).contactList ?? []) as Contact[], (next.contactList ?? []) as Contact[]);
    }
    await trx.updateTable('supplier_change').set({ status: 'applying', applied_at: now, updated_at: now }).where('flow_no', '=', input.flowNo).execute();
    await closeChangeTasks(trx, input.flowNo);
    await writeHistory(trx, {
      relation: changeLogOf(input.flowNo),
      actor: input.overConflict && input.actor ? input.actor : SYSTEM_ACTOR,
      action: 'changeApplied',
      description: input.overConflict
        ? `覆盖生效：供应商主数据已更新（版本 ${supplier.master_version} → ${supplier.master_version + 1}）`
        : `变更已生效：供应商主数据已更新（版本 ${supplier.master_version} → ${supplier.master_version + 1}）`,
      detail: { round: input.round, overConflict: input.overConflict, fromVersion: supplier.master_version, parts },
      dedupeKey: `change:${input.flowNo}:${input.round}:applied`,
    });
    return 'applied';
  });
}

const contactKey = (c: { contactAreaCode?: string | null; contactNumber?: string | null }) => `${c.contactAreaCode || '+86'} ${c.contactNumber ?? ''}`;

/**
 * The supplier's contacts (supplier_contact) follow the applied contact list: a row the change removed
 * leaves, an edited row is updated in place (found by its number before the edit), a new one is added.
 * Contacts on file that the change did not touch (the flows' own contacts) stay.
 */
async function syncContacts(trx: DbOrTrx, supplierNo: string, before: readonly Contact[], after: readonly Contact[]): Promise<void> {
  const onFile = await trx.selectFrom('supplier_contact').select(['id', 'area_code', 'phone']).where('supplier_no', '=', supplierNo).execute();
  const find = (key: string) => onFile.find((r) => `${r.area_code} ${r.phone}` === key);
  const old = rowsById(before);
  const afterIds = new Set(after.map((c) => c.rowId).filter(Boolean));
  const removed = before.filter((c) => c.rowId && !afterIds.has(c.rowId)).map((c) => find(contactKey(c))?.id).filter((id): id is string => !!id);
  if (removed.length) await trx.deleteFrom('supplier_contact').where('id', 'in', removed).execute();
  const written = new Set<string>();
  for (const c of after) {
    if (!c.name || !c.contactNumber) continue;
    const key = contactKey(c);
    if (written.has(key)) continue;
    written.add(key);
    const was = c.rowId ? old.get(c.rowId) : undefined;
    const row = (was && !removed.includes(find(contactKey(was))?.id ?? '') && find(contactKey(was))) || find(key);
    const values = { name: c.name, email: c.email || null, area_code: c.contactAreaCode || '+86', phone: c.contactNumber, position: c.position ?? null };
    if (row && !removed.includes(row.id)) await trx.updateTable('supplier_contact').set(values).where('id', '=', row.id).execute();
    else await trx.insertInto('supplier_contact').values({ supplier_no: supplierNo, ...values }).execute();
  }
}


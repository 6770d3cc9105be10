import { ErpRefusal, type ErpClient } from '#adapters/erp/erp-client.ts';
import type { Db } from '#db/connection.ts';
import { SYSTEM_ACTOR } from '#domain/identity.ts';
import type { ReleaseForm } from '#domain/release/release-form.ts';
import { partsOf } from '#domain/supplier-change/status.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { erpVendorOf } from '#services/release/erp-release.ts';
import { changeLogOf, loadChange } from '../change-rows.ts';

/** The master's parts the ERP holds (the vendor's name and address, banks, company and purchasing-org data). */
const ERP_PARTS = ['basicInfo', 'bankList', 'purchase', 'purchaseGroupList'];

/** The idempotency key of a change's ERP update: one per change and round. */
export const erpChangeKey = (flowNo: string, round: number) => `supplier-change-${flowNo}-${round}`;

/**
 * The applied change sent to the ERP through the ERP adapter: the vendor as the master now stands,
 * under the change's idempotency key (a retry after a lost answer changes the vendor once). A change
 * touching nothing the ERP holds (contacts, invoice, factories) is not sent. The ERP's refusal is kept
 * on the change and in its log (the purchasing side then corrects the vendor in the ERP); any other
 * failure is thrown, so the activity's retry policy sends again. Idempotent: a finished change is done.
 */
export async function sendChangeToErp(deps: { db: Db; erp: ErpClient }, input: { flowNo: string; round: number }): Promise<'sent' | 'refused' | 'skipped'> {
  const { db } = deps;
  const change = await loadChange(db, input.flowNo);
  if (change.status === 'finished') return change.erp_message ? 'refused' : change.erp_sent_at ? 'sent' : 'skipped';
  if (change.status !== 'applying' || change.round !== input.round) return 'skipped';
  const relevant = partsOf(change.modify_type, change.side).some((p) => ERP_PARTS.includes(p));
  let erpMessage: string | null = null;
  if (relevant) {
    const supplier = await db.selectFrom('supplier').select(['supplier_code', 'master']).where('supplier_no', '=', change.supplier_no).executeTakeFirstOrThrow();
    const master = supplier.master as unknown as Omit<ReleaseForm, 'documentList'>;
    try {
      await deps.erp.updateVendor(supplier.supplier_code, erpVendorOf({ ...master, documentList: [] }), erpChangeKey(input.flowNo, input.round));
    } catch (err) {
      if (!(err instanceof ErpRefusal)) throw err;
      erpMessage = err.message;
    }
  }
  const outcome = !relevant ? 'skipped' : erpMessage ? 'refused' : 'sent';
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    const done = await trx
      .updateTable('supplier_change')
      .set({ status: 'finished', erp_message: erpMessage, erp_sent_at: outcome === 'sent' ? now : null, finished_at: now, updated_at: now })
      .where('flow_no', '=', input.flowNo)
      .where('status', '=', 'applying')
      .executeTakeFirst();
    if (!done.numUpdatedRows) return;
    await writeHistory(trx, {
      relation: changeLogOf(input.flowNo),
      actor: SYSTEM_ACTOR,
      action: outcome === 'sent' ? 'changeSentToErp' : outcome === 'refused' ? 'changeErpRefused' : 'changeFinished',
      description: outcome === 'sent' ? '变更已同步至SAP' : outcome === 'refused' ? `SAP processing failure message returned: ${erpMessage}` : '变更已完成（无需同步SAP）',
      detail: { round: input.round, ...(erpMessage ? { message: erpMessage } : {}) },
      dedupeKey: `change:${input.flowNo}:${input.round}:erp`,
    });
  });
  return outcome;
}

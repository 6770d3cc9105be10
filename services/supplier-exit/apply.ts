import { sql } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import { ErpRefusal, type ErpClient } from '#adapters/erp/erp-client.ts';
import { SYSTEM_ACTOR, type StaffActor } from '#domain/identity.ts';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import { SUPPLIER_INACTIVE } from '#domain/supplier-exit/exit.ts';
import { SUPPLIER_COLLABORATION_ROLE } from '#domain/supplier-portal/roles.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { scopeCategoryCodes } from './approver.ts';
import { exitLogOf, loadExit } from './exit-rows.ts';
import { closeExitTask } from './exit-task.ts';

/**
 * What the exit workflow records (all idempotent: an activity may run twice). Each is the one writer
 * of its status change, with its history row in the same transaction.
 */

/** A rejection or a termination ends the exit; nothing else changes. */
export async function closeExit(db: Db, input: { flowNo: string; outcome: 'rejected' | 'terminated'; actor: StaffActor; reason?: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('supplier_exit')
      .set({
        status: input.outcome,
        decided_by_name: input.outcome === 'rejected' ? input.actor.name : null,
        decision_reason: input.reason ?? null,
        finished_at: new Date(),
        updated_at: new Date(),
      })
      .where('flow_no', '=', input.flowNo)
      .where('status', '=', 'submitted')
      .execute();
    await closeExitTask(trx, input.flowNo);
    await writeHistory(trx, {
      relation: exitLogOf(input.flowNo),
      actor: input.actor,
      action: input.outcome === 'rejected' ? 'exitRejected' : 'exitTerminated',
      description: input.outcome === 'rejected' ? `驳回：${input.reason ?? ''}` : '终止退出申请',
      detail: input.reason ? { reason: input.reason } : undefined,
      dedupeKey: `exit:${input.flowNo}:${input.outcome}`,
    });
  });
}

/** The approver's yes, before its effects are applied. */
export async function recordExitApproval(db: Db, input: { flowNo: string; actor: StaffActor; reason?: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('supplier_exit')
      .set({ decided_by_name: input.actor.name, decision_reason: input.reason ?? null, updated_at: new Date() })
      .where('flow_no', '=', input.flowNo)
      .where('status', '=', 'submitted')
      .execute();
    await closeExitTask(trx, input.flowNo);
    await writeHistory(trx, {
      relation: exitLogOf(input.flowNo),
      actor: input.actor,
      action: 'exitApproved',
      description: '审批通过',
      dedupeKey: `exit:${input.flowNo}:approved`,
    });
  });
}

/**
 * An approved exit takes effect: the ERP blocks purchasing (whole vendor or the categories' material
 * groups; idempotency key per exit, so a retry after a lost answer blocks once), then in one
 * transaction the categories in scope get life cycle 2 (淘汰), a whole-supplier exit makes the supplier
 * inactive and takes the write role from its portal accounts, the history row is written and the exit
 * is approved. An ERP refusal is kept on the exit (the block is then done in the ERP by hand) and does
 * not hold the rest back; any other ERP failure is retried.
 */
export async function applyExit(deps: { db: Db; erp: ErpClient }, flowNo: string): Promise<void> {
  const { db } = deps;
  const exit = await loadExit(db, flowNo);
  if (exit.status === 'approved') return;
  const supplier = await db.selectFrom('supplier').select(['supplier_code']).where('supplier_no', '=', exit.supplier_no).executeTakeFirstOrThrow();
  const categories = await scopeCategoryCodes(db, exit.supplier_no, exit.scope, exit.category_codes);
  let erpMessage: string | null = null;
  try {
    const scope = exit.scope === 'SUPPLIER' ? ({ kind: 'all' } as const) : ({ kind: 'categories', categoryCodes: categories } as const);
    await deps.erp.blockVendor(supplier.supplier_code, scope, `supplier-exit-${flowNo}`);
  } catch (err) {
    if (!(err instanceof ErpRefusal)) throw err;
    erpMessage = err.message;
  }
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    const claimed = await trx
      .updateTable('supplier_exit')
      .set({ status: 'approved', finished_at: now, updated_at: now, erp_message: erpMessage, erp_blocked_at: erpMessage ? null : now })
      .where('flow_no', '=', flowNo)
      .where('status', '=', 'submitted')
      .executeTakeFirst();
    if (!claimed.numUpdatedRows) return;
    if (categories.length) {
      await trx
        .updateTable('supplier_category')
        .set({ life_cycle: CATEGORY_LIFE_CYCLE.ELIMINATED })
        .where('supplier_no', '=', exit.supplier_no)
        .where('category_code', 'in', categories)
        .execute();
    }
    if (exit.scope === 'SUPPLIER') {
      await trx.updateTable('supplier').set({ status: SUPPLIER_INACTIVE, updated_at: now }).where('supplier_no', '=', exit.supplier_no).execute();
      await closePortalWrites(trx, exit.supplier_no);
    }
    await trx
      .insertInto('supplier_exit_history')
      .values({
        flow_no: flowNo,
        supplier_no: exit.supplier_no,
        scope: exit.scope,
        category_codes: JSON.stringify(categories),
        exit_category: exit.exit_category ?? '',
        exit_types: JSON.stringify(exit.exit_types),
        sponsor_job_number: exit.sponsor_job_number,
        sponsor_name: exit.sponsor_name,
        finish_time: now,
      })
      .onConflict((oc) => oc.column('flow_no').doNothing())
      .execute();
    await writeHistory(trx, {
      relation: exitLogOf(flowNo),
      actor: SYSTEM_ACTOR,
      action: 'exitApplied',
      description: erpMessage ? `退出已生效；SAP 冻结失败：${erpMessage}` : '退出已生效，SAP 已冻结采购',
      detail: { categories, erpMessage },
      dedupeKey: `exit:${flowNo}:applied`,
    });
  });
}

/**
 * "Closes the portal account's write access": the accounts of the supplier's flows lose the
 * collaboration role every portal write needs; they can still log in and read.
 */
async function closePortalWrites(trx: DbOrTrx, supplierNo: string): Promise<void> {
  await trx
    .updateTable('supplier_account')
    .set({ roles: sql`roles - ${SUPPLIER_COLLABORATION_ROLE}::text` })
    .where('id', 'in', (eb) =>
      eb.selectFrom('supplier_account_flow as f').innerJoin('cert_flow as c', 'c.flow_no', 'f.flow_no').select('f.account_id').where('c.supplier_no', '=', supplierNo),
    )
    .execute();
}

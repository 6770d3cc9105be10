import type { Db } from '#db/connection.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { SYSTEM_ACTOR, type StaffActor } from '#domain/identity.ts';
import { REQUALIFICATION_EXIT_CATEGORY, REQUALIFICATION_EXIT_TYPE, REQUALIFICATION_OUTCOME_NAME } from '#domain/requalification/requalification.ts';
import type { SupplierExitInput } from '#workflows/supplier-exit-definitions.ts';
import { markFlowEnded } from '#services/cert-flow/projection.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import type { ExitGateway } from '#services/supplier-exit/exit-gateway.ts';
import { exitApprover } from '#services/supplier-exit/approver.ts';
import { exitLogOf, nextExitNo } from '#services/supplier-exit/exit-rows.ts';
import { openExitTask } from '#services/supplier-exit/exit-task.ts';

export interface Conclusion {
  flowNo: string;
  /** passed: the plan ran through; failed: a node's conclusion failed; withdrawn: a person terminated the flow. */
  outcome: 'passed' | 'failed' | 'withdrawn';
  actor?: StaffActor;
  reason?: string;
}

/**
 * A requalification's end, kept on its categories in one transaction with the flow's end (docs/decisions/0055-requalification.md): passed — the categories qualified today, a restriction lifted; failed — the categories
 * restricted, or a category exit submitted to its approver (the product's exit, with its approval), as the policy
 * fixed at the start; withdrawn — nothing changes. Idempotent: a retry finds the outcome recorded and only starts
 * the exit's workflow again (the same exit: nothing twice).
 */
export async function concludeRequalification(deps: { db: Db; exits: ExitGateway }, c: Conclusion): Promise<{ exitFlowNo?: string }> {
  const { db } = deps;
  const row = await db.selectFrom('requalification').selectAll().where('flow_no', '=', c.flowNo).executeTakeFirstOrThrow();
  let exit: SupplierExitInput | undefined;
  if (row.outcome === 'running') {
    const flow = await db
      .selectFrom('cert_flow as f')
      .innerJoin('cert_flow_role as r', (j) => j.onRef('r.flow_no', '=', 'f.flow_no').on('r.role', '=', 'PURCHASE_MANAGER'))
      .select(['f.supplier_name', 'r.job_number', 'r.name'])
      .where('f.flow_no', '=', c.flowNo)
      .executeTakeFirstOrThrow();
    const exits = c.outcome === 'failed' && row.on_failure === 'exit';
    const approver = exits ? await exitApprover(db, row.category_codes) : undefined;
    const exitNo = exits ? await nextExitNo(db) : undefined;
    await db.transaction().execute(async (trx) => {
      const now = new Date();
      const claimed = await trx
        .updateTable('requalification')
        .set({ outcome: c.outcome, decided_at: now, exit_flow_no: exitNo ?? null })
        .where('flow_no', '=', c.flowNo)
        .where('outcome', '=', 'running')
        .executeTakeFirst();
      if (!claimed.numUpdatedRows) return;
      await markFlowEnded(trx, { flowNo: c.flowNo, stage: c.outcome === 'passed' ? STAGE.FINISHED : STAGE.TERMINATED, actor: c.actor, reason: c.reason }, now);
      const categories = trx.updateTable('supplier_category').where('supplier_no', '=', row.supplier_no).where('category_code', 'in', row.category_codes);
      if (c.outcome === 'passed') await categories.set({ qualified_at: now, restricted_at: null }).execute();
      if (c.outcome === 'failed' && row.on_failure === 'restrict') await categories.set({ restricted_at: now }).execute();
      if (exitNo && approver) {
        const reason = `再认证 ${c.flowNo} 未通过${c.reason ? `（${c.reason}）` : ''}`;
        await trx
          .insertInto('supplier_exit')
          .values({
            flow_no: exitNo,
            supplier_no: row.supplier_no,
            scope: 'CATEGORY',
            category_codes: JSON.stringify(row.category_codes),
            exit_category: REQUALIFICATION_EXIT_CATEGORY,
            exit_types: JSON.stringify([REQUALIFICATION_EXIT_TYPE]),
            reason,
            documents: JSON.stringify([]),
            status: 'submitted',
            sponsor_job_number: flow.job_number,
            sponsor_name: flow.name,
            approver_job_number: approver.jobNumber,
            approver_name: approver.name,
            submitted_at: now,
          })
          .execute();
        await openExitTask(trx, { flowNo: exitNo, approverJobNumber: approver.jobNumber });
        await writeHistory(trx, {
          relation: exitLogOf(exitNo),
          actor: SYSTEM_ACTOR,
          action: 'exitSubmitted',
          description: `${reason}，提交品类退出，审批人 ${approver.name}`,
          detail: { approver: approver.name, requalification: c.flowNo },
          dedupeKey: `requalification-exit:${c.flowNo}`,
        });
      }
      await writeHistory(trx, {
        relation: flowLogOf(c.flowNo),
        actor: SYSTEM_ACTOR,
        action: 'REQUALIFICATION_OUTCOME',
        description: `再认证结果：${REQUALIFICATION_OUTCOME_NAME[c.outcome].zh}` + (c.outcome === 'failed' ? (exitNo ? `，已提交品类退出 ${exitNo}` : '，品类已限制') : ''),
        detail: { outcome: c.outcome, onFailure: row.on_failure, categories: row.category_codes, ...(exitNo ? { exitFlowNo: exitNo } : {}) },
        dedupeKey: `requalification:${c.flowNo}`,
      });
    });
    if (exitNo && approver) exit = { flowNo: exitNo, sponsorJobNumber: flow.job_number, sponsorName: flow.name, approverJobNumber: approver.jobNumber, approverName: approver.name };
  }
  const recorded = await db.selectFrom('requalification').select(['exit_flow_no']).where('flow_no', '=', c.flowNo).executeTakeFirstOrThrow();
  if (!exit && recorded.exit_flow_no) exit = await exitInputOf(db, recorded.exit_flow_no);
  if (exit) await deps.exits.start(exit);
  return recorded.exit_flow_no ? { exitFlowNo: recorded.exit_flow_no } : {};
}

async function exitInputOf(db: Db, exitNo: string): Promise<SupplierExitInput | undefined> {
  const e = await db.selectFrom('supplier_exit').select(['sponsor_job_number', 'sponsor_name', 'approver_job_number', 'approver_name', 'status']).where('flow_no', '=', exitNo).executeTakeFirst();
  if (!e?.approver_job_number || e.status !== 'submitted') return undefined;
  return { flowNo: exitNo, sponsorJobNumber: e.sponsor_job_number, sponsorName: e.sponsor_name, approverJobNumber: e.approver_job_number, ...(e.approver_name ? { approverName: e.approver_name } : {}) };
}

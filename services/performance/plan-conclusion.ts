import type { Db } from '#db/connection.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { withParams } from '#domain/messages.ts';
import { PERF_HISTORY_ACTIONS, PERF_OUTCOMES, PERF_PLAN_CONCLUDABLE } from '#domain/performance/model.ts';
import type { PlanConclusionRequest } from '#domain/performance/plan.ts';
import { badRequest, conflict } from '#domain/errors.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { loadPlan, perfLogOf } from './perf-rows.ts';
import { requirePlanEditor } from './plan-write.ts';

/**
 * POST /v1/performance-plan/conclusion: the outcome per supplier, once the round is calculated (or in its
 * approval). The grade recorded is the supplier summary's at that moment. Publishing is the round's approval
 * alone (its workflow `assessment-round-<planNo>` concludes the plan): concluding here would leave that
 * workflow waiting on a plan that is already published, so `publish` is refused with the plan's state.
 */
export async function concludePlan(db: Db, input: PlanConclusionRequest, staff: StaffPrincipal): Promise<void> {
  const plan = await loadPlan(db, input.planNo);
  requirePlanEditor(plan, staff);
  if (plan.status === 'concluded') throw conflict('planConcluded');
  if (!PERF_PLAN_CONCLUDABLE.includes(plan.status)) throw conflict('planNotCalculated');
  if (input.publish) throw conflict(plan.status === 'approving' ? 'publishWhileApproving' : 'publishWhileCalculated');
  return db.transaction().execute(async (trx) => {
    const members = await trx.selectFrom('perf_plan_supplier').selectAll().where('plan_no', '=', plan.plan_no).forUpdate().execute();
    const summaries = await trx.selectFrom('perf_supplier_summary').select(['supplier_no', 'grade']).where('plan_no', '=', plan.plan_no).execute();
    input.conclusions.forEach((c, i) => {
      if (!members.some((m) => m.supplier_no === c.supplierNo)) {
        const message = withParams('supplierNotInPlan', { supplierNo: c.supplierNo });
        throw badRequest(message, { [`conclusions.${i}.supplierNo`]: message });
      }
      if (!summaries.some((s) => s.supplier_no === c.supplierNo)) throw conflict(withParams('supplierWithoutSummary', { supplierNo: c.supplierNo }));
    });
    const now = new Date();
    for (const c of input.conclusions) {
      await trx
        .updateTable('perf_plan_supplier')
        .set({
          outcome: c.outcome,
          conclusion_grade: summaries.find((s) => s.supplier_no === c.supplierNo)!.grade,
          conclusion_remark: c.remark ?? null,
          concluded_by_job_number: staff.jobNumber,
          concluded_by_name: staff.name,
          concluded_at: now,
        })
        .where('plan_no', '=', plan.plan_no)
        .where('supplier_no', '=', c.supplierNo)
        .execute();
    }
    await writeHistory(trx, {
      relation: perfLogOf(plan.plan_no),
      actor: actorOf(staff),
      action: PERF_HISTORY_ACTIONS.planConcluded,
      description: `保存绩效结论：${input.conclusions.map((c) => `${c.supplierNo} ${PERF_OUTCOMES[c.outcome].zh}`).join('，')}`,
      detail: { conclusions: input.conclusions },
    });
  });
}

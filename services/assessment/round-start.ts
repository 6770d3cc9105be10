import type { Db } from '#db/connection.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { conflict, forbidden } from '#domain/errors.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { lockVersion } from '#services/performance/perf-rows.ts';
import { isOwner, loadPlan, planLogOf } from './plan-access.ts';
import type { RoundGateway } from './round-gateway.ts';
import { plannedTasks } from './round-open.ts';

/**
 * POST /v1/performance-plan/start: a draft plan runs and its round's workflow starts (docs "Assessment rounds").
 * Its owner or a performance manager starts it; the plan needs something to review and a deadline ahead. The
 * status changes with its history row, then the workflow starts under the plan number; a start asked again of a
 * running plan starts it again (the same workflow: nothing twice), so a lost engine answer is mended by a retry.
 */
export async function startRound(deps: { db: Db; rounds: RoundGateway }, planNo: string, staff: StaffPrincipal, now = new Date()): Promise<void> {
  const { db } = deps;
  const plan = await loadPlan(db, planNo);
  if (!isOwner(plan, staff) && !staff.permissions.includes(PERMISSIONS.performanceManage)) throw forbidden('planNotOwner');
  const input = { planNo, ownerJobNumber: plan.ownerJobNumber, deadline: plan.deadline.toISOString() };
  if (plan.status === 'running') return deps.rounds.start(input);
  if (plan.status !== 'draft') throw conflict('planNotDraft');
  if (plan.deadline.getTime() <= now.getTime()) throw conflict('planDeadlinePassed');
  const { tasks, computed } = await plannedTasks(db, planNo, plan.versionId);
  if (tasks.length === 0 && !computed) throw conflict('planNothingToReview');
  await db.transaction().execute(async (trx) => {
    // The index writes take this lock too: none re-weights the version between its check and this start.
    await lockVersion(trx, plan.versionId);
    const moved = await trx
      .updateTable('perf_plan')
      .set({ status: 'running', started_at: now, updated_at: now })
      .where('plan_no', '=', planNo)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (!moved.numUpdatedRows) throw conflict('planNotDraft');
    await writeHistory(trx, {
      relation: planLogOf(planNo),
      actor: actorOf(staff),
      action: 'PERF_ROUND_START',
      description: `启动绩效评审，${tasks.length} 个评审任务`,
      detail: { tasks: tasks.length },
    });
  });
  await deps.rounds.start(input);
}

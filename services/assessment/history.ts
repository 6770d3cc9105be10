import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorName, type StaffPrincipal } from '#domain/identity.ts';
import { describeHistory } from '#domain/history-text.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { forbidden } from '#domain/errors.ts';
import type { AssessmentHistoryRow } from '#domain/assessment/review.ts';
import { isApprover, isOwner, loadPlan } from './plan-access.ts';

/**
 * GET /v1/operator-history/assessment-list: a plan's log, newest first. The requirements’ relationType 10 is the
 * assessment log it names; it is stored as type ASSESSMENT (30), never another area's rows (docs "Supplier
 * performance"). Read by the plan's owner, its reviewers and approvers.
 */
export async function assessmentHistory(db: Db, q: { relationCode: string; relationType: number }, staff: StaffPrincipal, locale: Locale): Promise<AssessmentHistoryRow[]> {
  const plan = await loadPlan(db, q.relationCode);
  if (!isOwner(plan, staff) && !(await isApprover(db, plan.planNo, staff.jobNumber))) {
    const reviews = await db.selectFrom('perf_review_task').select('task_no').where('plan_no', '=', plan.planNo).where('reviewer_job_number', '=', staff.jobNumber).executeTakeFirst();
    if (!reviews) throw forbidden('planNotOwner');
  }
  const rows = await db
    .selectFrom('operation_history')
    .select(['created_at', 'operator_id', 'operator_name', 'action', 'description', 'detail'])
    .where('relation_type', '=', RELATION_TYPE.ASSESSMENT)
    .where('relation_code', '=', plan.planNo)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    createTime: new Date(r.created_at).toISOString(),
    operateUserName: actorName(r.operator_id, r.operator_name, locale),
    action: r.action,
    description: describeHistory(r.action, r.detail, locale, r.description),
  }));
}

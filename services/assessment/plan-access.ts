import type { DbOrTrx } from '#db/connection.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import type { HistoryRelation } from '#services/history/write-history.ts';
import { forbidden, notFound } from '#domain/errors.ts';

/** A plan as the round's services need it. */
export interface RoundPlan {
  planNo: string;
  name: string;
  status: 'draft' | 'running' | 'calculated' | 'approving' | 'concluded' | 'cancelled';
  periodType: 'MONTH' | 'QUARTER' | 'YEAR';
  period: string;
  versionId: string;
  deadline: Date;
  thresholds: { A: number; B: number };
  ownerJobNumber: string;
  ownerName: string;
  /** The summary has been calculated at least once. */
  calculatedOnce: boolean;
}

/** The plan's log: operation history of type ASSESSMENT under the plan number (docs "Supplier performance"). */
export const planLogOf = (planNo: string): HistoryRelation => ({ type: RELATION_TYPE.ASSESSMENT, code: planNo });

/** Administrators act for any owner (as they decide any exit); the plan screens' managers do not score or approve. */
export const isAdmin = (staff: StaffPrincipal) => staff.permissions.includes(PERMISSIONS.certProcessManageAll);

/** The plan, or 404; `forUpdate` locks its row for a status change in the caller's transaction. */
export async function loadPlan(db: DbOrTrx, planNo: string, forUpdate = false): Promise<RoundPlan> {
  let q = db
    .selectFrom('perf_plan')
    .select(['plan_no', 'name', 'status', 'period_type', 'period', 'index_version_id', 'deadline', 'grade_thresholds', 'owner_job_number', 'owner_name', 'calculated_at'])
    .where('plan_no', '=', planNo);
  if (forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  if (!r) throw notFound('planNotFound');
  return {
    planNo: r.plan_no,
    name: r.name,
    status: r.status,
    periodType: r.period_type,
    period: r.period,
    versionId: r.index_version_id,
    deadline: new Date(r.deadline),
    thresholds: r.grade_thresholds,
    ownerJobNumber: r.owner_job_number,
    ownerName: r.owner_name,
    calculatedOnce: r.calculated_at !== null,
  };
}

export const isOwner = (plan: RoundPlan, staff: StaffPrincipal) => plan.ownerJobNumber === staff.jobNumber || isAdmin(staff);

/** Refuses anyone but the plan's owner (or an administrator). */
export function assertOwner(plan: RoundPlan, staff: StaffPrincipal): void {
  if (!isOwner(plan, staff)) throw forbidden('planNotOwner');
}

/** Whether the caller approves (or approved) the plan's summary: they read its summary and statistic. */
export async function isApprover(db: DbOrTrx, planNo: string, jobNumber: string): Promise<boolean> {
  const r = await db.selectFrom('perf_round_approval').select('round').where('plan_no', '=', planNo).where('approver_job_number', '=', jobNumber).executeTakeFirst();
  return Boolean(r);
}

import type { DbOrTrx } from '#db/connection.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { forbidden, notFound } from '#domain/errors.ts';
import { isOwner, loadPlan, type RoundPlan } from './plan-access.ts';

export interface ReviewTask {
  taskNo: string;
  planNo: string;
  supplierNo: string;
  role: string;
  reviewerJobNumber: string;
  reviewerName: string;
  status: 10 | 20 | 30;
  remark: string | null;
  submittedAt: Date | null;
}

/** The task and its plan, or 404 (the same answer for a task that exists elsewhere: nothing is given away). */
export async function loadTask(db: DbOrTrx, taskNo: string): Promise<{ task: ReviewTask; plan: RoundPlan }> {
  const r = await db
    .selectFrom('perf_review_task')
    .select(['task_no', 'plan_no', 'supplier_no', 'role', 'reviewer_job_number', 'reviewer_name', 'status', 'remark', 'submitted_at'])
    .where('task_no', '=', taskNo)
    .executeTakeFirst();
  if (!r) throw notFound('reviewTaskNotFound');
  const task: ReviewTask = {
    taskNo: r.task_no,
    planNo: r.plan_no,
    supplierNo: r.supplier_no,
    role: r.role,
    reviewerJobNumber: r.reviewer_job_number,
    reviewerName: r.reviewer_name,
    status: r.status,
    remark: r.remark,
    submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
  };
  return { task, plan: await loadPlan(db, r.plan_no) };
}

/** A task is read by its reviewer and by its plan's owner; anyone else is refused. */
export function assertMayRead(task: ReviewTask, plan: RoundPlan, staff: StaffPrincipal): void {
  if (task.reviewerJobNumber !== staff.jobNumber && !isOwner(plan, staff)) throw forbidden('reviewNotHolder');
}

/** Only the task's own reviewer scores it — not its plan's owner, not an administrator (architecture §6). */
export function assertHolder(task: ReviewTask, staff: StaffPrincipal): void {
  if (task.reviewerJobNumber !== staff.jobNumber) throw forbidden('reviewNotHolder');
}

export interface TaskIndex {
  id: string;
  code: string;
  nameZh: string;
  nameEn: string;
  parentZh: string | null;
  parentEn: string | null;
  weight: number;
  description: string | null;
}

/** The indices a task scores: the version's manual indices of the task's role, in the tree's order. */
export async function taskIndices(db: DbOrTrx, versionId: string, role: string): Promise<TaskIndex[]> {
  const rows = await db
    .selectFrom('perf_index as i')
    .leftJoin('perf_index as p', 'p.id', 'i.parent_id')
    .select(['i.id', 'i.code', 'i.name_zh', 'i.name_en', 'i.weight', 'i.description', 'p.name_zh as parent_zh', 'p.name_en as parent_en'])
    .where('i.version_id', '=', versionId)
    .where('i.method', '=', 'MANUAL')
    .where('i.reviewer_role', '=', role)
    .orderBy('p.sort')
    .orderBy('i.sort')
    .orderBy('i.code')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    parentZh: r.parent_zh,
    parentEn: r.parent_en,
    weight: Number(r.weight),
    description: r.description,
  }));
}

import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Page } from '#domain/fields.ts';
import type { Locale } from '#domain/i18n.ts';
import type { ReviewDetail, ReviewListRequest, ReviewListRow, ReviewStatistic } from '#domain/assessment/review.ts';
import { REVIEW_STATUS } from '#domain/assessment/round.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { parseDecimal } from '#domain/performance/decimal.ts';
import { forbidden } from '#domain/errors.ts';
import { containsPattern } from '#services/common/like.ts';
import { isApprover, isOwner, loadPlan } from './plan-access.ts';
import { roundPhase } from './round-phase.ts';
import { assertMayRead, loadTask, taskIndices } from './task-access.ts';

/**
 * POST /v2/assessment-manage/review-list: the caller's own review tasks of running and finished rounds; with a
 * plan number the caller owns, every task of that plan. Newest plan first, then supplier and reviewer.
 */
export async function reviewList(db: Db, q: ReviewListRequest, staff: StaffPrincipal, _locale: Locale): Promise<Page<ReviewListRow>> {
  const ownsPlan = q.planNo ? isOwner(await loadPlan(db, q.planNo), staff) : false;
  let base = db
    .selectFrom('perf_review_task as t')
    .innerJoin('perf_plan as p', 'p.plan_no', 't.plan_no')
    .innerJoin('supplier as s', 's.supplier_no', 't.supplier_no')
    .where('p.status', 'not in', ['draft', 'cancelled']);
  if (q.planNo) base = base.where('t.plan_no', '=', q.planNo);
  if (!ownsPlan) base = base.where('t.reviewer_job_number', '=', staff.jobNumber);
  if (q.status) base = base.where('t.status', q.status === REVIEW_STATUS.FINISHED ? '=' : '!=', REVIEW_STATUS.FINISHED);
  if (q.supplier) {
    const like = containsPattern(q.supplier.toLowerCase());
    base = base.where((eb) => eb.or([eb(sql<string>`lower(s.name)`, 'like', like), eb(sql<string>`lower(coalesce(s.supplier_code, ''))`, 'like', like)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        't.task_no',
        't.plan_no',
        'p.name as plan_name',
        'p.deadline',
        't.supplier_no',
        's.supplier_code',
        's.name as supplier_name',
        't.reviewer_job_number',
        't.reviewer_name',
        't.status',
        't.submitted_at',
        eb
          .selectFrom('perf_score as sc')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('sc.task_no', '=', 't.task_no')
          .where('sc.score', 'is not', null)
          .as('scored'),
        eb
          .selectFrom('perf_index as i')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('i.version_id', '=', 'p.index_version_id')
          .where('i.method', '=', 'MANUAL')
          .whereRef('i.reviewer_role', '=', 't.role')
          .as('index_count'),
      ])
      .orderBy('p.created_at', 'desc')
      .orderBy('t.supplier_no')
      .orderBy('t.task_no')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    records: rows.map((r) => ({
      taskNo: r.task_no,
      planNo: r.plan_no,
      planName: r.plan_name,
      supplierNo: r.supplier_no,
      supplierCode: r.supplier_code,
      supplierName: r.supplier_name,
      reviewerJobNumber: r.reviewer_job_number,
      reviewerName: r.reviewer_name,
      status: r.status === REVIEW_STATUS.FINISHED ? 30 : 20,
      scored: Number(r.scored ?? 0),
      indexCount: Number(r.index_count ?? 0),
      deadline: new Date(r.deadline).toISOString(),
      submittedAt: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
    })),
  };
}

/** GET /v1/assessment-manage/review-detail: one task with the indices its reviewer scores (its reviewer, the plan's owner). */
export async function reviewDetail(db: Db, taskNo: string, staff: StaffPrincipal, locale: Locale): Promise<ReviewDetail> {
  const { task, plan } = await loadTask(db, taskNo);
  assertMayRead(task, plan, staff);
  const [indices, scores, supplier] = await Promise.all([
    taskIndices(db, plan.versionId, task.role),
    db.selectFrom('perf_score').select(['index_id', 'score', 'remark']).where('task_no', '=', taskNo).execute(),
    db.selectFrom('supplier').select('name').where('supplier_no', '=', task.supplierNo).executeTakeFirstOrThrow(),
  ]);
  const byIndex = new Map(scores.map((s) => [s.index_id, s]));
  const role = await db.selectFrom('role').select(['name_zh', 'name_en']).where('code', '=', task.role).executeTakeFirst();
  return {
    taskNo,
    planNo: plan.planNo,
    planName: plan.name,
    supplierNo: task.supplierNo,
    supplierName: supplier.name,
    reviewerJobNumber: task.reviewerJobNumber,
    reviewerName: task.reviewerName,
    role: role ? (locale === 'en' ? role.name_en : role.name_zh) : task.role,
    status: task.status === REVIEW_STATUS.FINISHED ? 30 : 20,
    deadline: plan.deadline.toISOString(),
    remark: task.remark,
    submittedAt: task.submittedAt?.toISOString() ?? null,
    editable: task.reviewerJobNumber === staff.jobNumber && task.status !== REVIEW_STATUS.FINISHED && plan.status === 'running',
    indices: indices.map((i) => ({
      indexCode: i.code,
      indexName: locale === 'en' ? i.nameEn : i.nameZh,
      path: [locale === 'en' ? i.parentEn : i.parentZh].filter((p): p is string => Boolean(p)),
      weight: i.weight,
      description: i.description,
      score: parseDecimal(byIndex.get(i.id)?.score),
      remark: byIndex.get(i.id)?.remark ?? null,
    })),
  };
}

/** GET /v2/assessment-manage/review-statistic: submitted and total tasks per reviewer and per supplier (owner, approver). */
export async function reviewStatistic(db: Db, planNo: string, staff: StaffPrincipal): Promise<ReviewStatistic> {
  const plan = await loadPlan(db, planNo);
  if (!isOwner(plan, staff) && !(await isApprover(db, planNo, staff.jobNumber))) throw forbidden('planNotOwner');
  const done = sql<number>`count(*) filter (where t.status = ${REVIEW_STATUS.FINISHED})`;
  const [byReviewer, bySupplier] = await Promise.all([
    db
      .selectFrom('perf_review_task as t')
      .select((eb) => ['t.reviewer_job_number', 't.reviewer_name', done.as('submitted'), eb.fn.countAll<number>().as('total')])
      .where('t.plan_no', '=', planNo)
      .groupBy(['t.reviewer_job_number', 't.reviewer_name'])
      .orderBy('t.reviewer_job_number')
      .execute(),
    db
      .selectFrom('perf_review_task as t')
      .innerJoin('supplier as s', 's.supplier_no', 't.supplier_no')
      .select((eb) => ['t.supplier_no', 's.name', done.as('submitted'), eb.fn.countAll<number>().as('total')])
      .where('t.plan_no', '=', planNo)
      .groupBy(['t.supplier_no', 's.name'])
      .orderBy('t.supplier_no')
      .execute(),
  ]);
  const total = byReviewer.reduce((n, r) => n + Number(r.total), 0);
  const submitted = byReviewer.reduce((n, r) => n + Number(r.submitted), 0);
  return {
    planNo,
    phase: await roundPhase(db, plan),
    total,
    submitted,
    byReviewer: byReviewer.map((r) => ({ jobNumber: r.reviewer_job_number, name: r.reviewer_name, submitted: Number(r.submitted), total: Number(r.total) })),
    bySupplier: bySupplier.map((r) => ({ supplierNo: r.supplier_no, supplierName: r.name, submitted: Number(r.submitted), total: Number(r.total) })),
  };
}

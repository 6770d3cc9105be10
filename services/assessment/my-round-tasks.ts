import type { Db } from '#db/connection.ts';
import type { MyOpenTask } from '#domain/cert-flow/flow-detail.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { Locale } from '#domain/i18n.ts';
import { reviewDetailPath, ROUND_NODE_NAME, ROUND_TASK, ROUND_TASK_NAME, ROUND_TASK_TYPES, summaryPath, type RoundTaskType } from '#domain/assessment/round.ts';

/**
 * The caller's open tasks of assessment rounds for "my open tasks": a review opens its scoring grid, the summary
 * and its approval the plan's summary page. A review names its supplier, the others the plan.
 */
export async function listRoundTasks(db: Db, jobNumber: string, locale: Locale, limit: number, now: Date): Promise<MyOpenTask[]> {
  const rows = await db
    .selectFrom('cert_task as t')
    .innerJoin('perf_plan as p', 'p.plan_no', 't.flow_no')
    .leftJoin('supplier as s', 's.supplier_no', 't.apply_no')
    .select(['t.task_no', 't.task_type', 't.created_at', 't.end_time', 'p.plan_no', 'p.name as plan_name', 's.name as supplier_name'])
    .where('t.principal_job_number', '=', jobNumber)
    .where('t.status', '=', TASK_STATUS.IN_PROGRESS)
    .where('t.task_type', 'in', ROUND_TASK_TYPES)
    .where('p.status', 'in', ['running', 'calculated', 'approving'])
    .orderBy('t.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const type = r.task_type as RoundTaskType;
    const end = r.end_time ? new Date(r.end_time) : null;
    return {
      flowNo: r.plan_no,
      supplierName: r.supplier_name ?? r.plan_name,
      nodeCode: 'ASSESSMENT' as const,
      nodeName: `${ROUND_NODE_NAME[locale]} · ${r.plan_name}`,
      taskNo: r.task_no,
      taskType: r.task_type,
      taskName: ROUND_TASK_NAME[type][locale],
      createTime: new Date(r.created_at).toISOString(),
      endTime: end?.toISOString() ?? null,
      overdue: !!end && end.getTime() < now.getTime(),
      link: type === ROUND_TASK.review ? reviewDetailPath(r.task_no) : summaryPath(r.plan_no),
    };
  });
}

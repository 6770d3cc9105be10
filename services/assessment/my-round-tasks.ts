import { reviewDetailPath, ROUND_NODE_NAME, ROUND_TASK, ROUND_TASK_NAME, ROUND_TASK_TYPES, summaryPath, type RoundTaskType } from '#domain/assessment/round.ts';
import { openTasksOf, taskFields, type OpenTaskKind } from '#services/cert-flow/open-tasks.ts';

/**
 * The caller's open tasks of assessment rounds for "my open tasks": a review opens its scoring grid, the summary
 * and its approval the plan's summary page. A review names its supplier, the others the plan.
 */
export const listRoundTasks: OpenTaskKind = async (db, jobNumber, locale, now) => {
  const rows = await openTasksOf(db, jobNumber)
    .innerJoin('perf_plan as p', 'p.plan_no', 't.flow_no')
    .leftJoin('supplier as s', 's.supplier_no', 't.apply_no')
    .select(['t.task_no', 't.task_type', 't.created_at', 't.end_time', 'p.plan_no', 'p.name as plan_name', 's.name as supplier_name'])
    .where('t.task_type', 'in', ROUND_TASK_TYPES)
    .where('p.status', 'in', ['running', 'calculated', 'approving'])
    .execute();
  return rows.map((r) => {
    const type = r.task_type as RoundTaskType;
    return {
      ...taskFields(r, now),
      flowNo: r.plan_no,
      supplierName: r.supplier_name ?? r.plan_name,
      nodeCode: 'ASSESSMENT' as const,
      nodeName: `${ROUND_NODE_NAME[locale]} · ${r.plan_name}`,
      taskName: ROUND_TASK_NAME[type][locale],
      link: type === ROUND_TASK.review ? reviewDetailPath(r.task_no) : summaryPath(r.plan_no),
    };
  });
};

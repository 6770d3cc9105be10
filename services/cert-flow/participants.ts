import type { DbOrTrx } from '#db/connection.ts';

/**
 * The flows among `flowNos` in which this staff member takes part: holds one of the flow's roles
 * (purchasing manager, CMT leader, the reviewers and owners) or is the principal of any of its tasks,
 * open or done (an expert, a transferred principal, a reviewer).
 */
export async function participantFlows(db: DbOrTrx, jobNumber: string, flowNos: readonly string[]): Promise<Set<string>> {
  if (flowNos.length === 0) return new Set();
  const rows = await db
    .selectFrom('cert_flow_role')
    .select('flow_no')
    .where('job_number', '=', jobNumber)
    .where('flow_no', 'in', flowNos)
    .union(db.selectFrom('cert_task').select('flow_no').where('principal_job_number', '=', jobNumber).where('flow_no', 'in', flowNos))
    .execute();
  return new Set(rows.map((r) => r.flow_no));
}

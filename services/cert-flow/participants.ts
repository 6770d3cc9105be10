import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';

/**
 * The flows among `flowNos` in which this staff member takes part: holds one of the flow's roles
 * (purchasing manager, CMT leader, the reviewers and owners) or is the principal of any of its tasks,
 * open or done (an expert, a transferred principal, a reviewer).
 */
export async function participantFlows(db: DbOrTrx, jobNumber: string, flowNos: readonly string[]): Promise<Set<string>> {
  if (flowNos.length === 0) return new Set();
  const rows = await db
    .selectFrom('cert_flow as f')
    .select('f.flow_no')
    .where('f.flow_no', 'in', flowNos)
    .where(takesPart(sql.ref('f.flow_no'), jobNumber))
    .execute();
  return new Set(rows.map((r) => r.flow_no));
}

/**
 * Whether this staff member takes part in the flow numbered `flowNo` (the rule of participantFlows), as a
 * condition a query over flows can select, so a list learns it with its rows instead of in a query of its own.
 */
export function takesPart(flowNo: Expression<string>, jobNumber: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(exists (select 1 from cert_flow_role r where r.flow_no = ${flowNo} and r.job_number = ${jobNumber})
    or exists (select 1 from cert_task t where t.flow_no = ${flowNo} and t.principal_job_number = ${jobNumber}))`;
}

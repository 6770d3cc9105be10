import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { FLOW_ROLES } from '#domain/permissions.ts';
import type { FlowResponsibility } from '#domain/cert-flow/node-principals.ts';

export interface FlowRoleHolder {
  role: FlowResponsibility;
  jobNumber: string;
  name: string;
}

/**
 * The responsibilities of a new flow: the applicant is its purchasing manager, the CMT's leader its
 * CMT leader, and every other role goes to the first active staff member holding it (the operators
 * re-assign with "adjust owner" where another person should take it).
 */
export async function initialFlowRoles(
  db: Db,
  fixed: { purchaseManager: { jobNumber: string; name: string }; cmtLeaderJobNumber: string },
): Promise<FlowRoleHolder[]> {
  const staff = await db
    .selectFrom('staff')
    .select(['job_number', 'name', 'roles'])
    .where('active', '=', true)
    .where(sql<boolean>`roles ?| ${sql.val([...FLOW_ROLES])}::text[]`)
    .orderBy('job_number')
    .execute();
  const leader = await db.selectFrom('staff').select(['job_number', 'name']).where('job_number', '=', fixed.cmtLeaderJobNumber).executeTakeFirst();
  const holders: FlowRoleHolder[] = [
    { role: 'PURCHASE_MANAGER', ...fixed.purchaseManager },
    { role: 'CMT_LEADER', jobNumber: fixed.cmtLeaderJobNumber, name: leader?.name ?? fixed.cmtLeaderJobNumber },
  ];
  for (const role of FLOW_ROLES) {
    if (role === 'PURCHASE_MANAGER') continue;
    const holder = staff.find((s) => s.roles.includes(role));
    if (holder) holders.push({ role, jobNumber: holder.job_number, name: holder.name });
  }
  return holders;
}

export async function flowRoleHolder(db: Db, flowNo: string, role: FlowResponsibility) {
  return db.selectFrom('cert_flow_role').select(['job_number', 'name']).where('flow_no', '=', flowNo).where('role', '=', role).executeTakeFirst();
}

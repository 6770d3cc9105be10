import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { DashboardQuery, DashboardScope } from '#domain/dashboard/dashboard.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { PERMISSIONS } from '#domain/permissions.ts';

/**
 * Whose flows the dashboard counts (docs/decisions/0057-operations-dashboard.md): an administrator (every flow's
 * manager) every flow; a CMT leader the flows they lead; anyone else the flows they are the purchasing manager of.
 * Each is a filter of the flow list too, so a chart's link lists exactly the flows it counted.
 */
export async function dashboardScopeOf(db: Db, staff: StaffPrincipal): Promise<DashboardScope> {
  if (staff.permissions.includes(PERMISSIONS.certProcessManageAll)) return { kind: 'all' };
  const leads = await db.selectFrom('cmt').select('code').where('leader_job_number', '=', staff.jobNumber).limit(1).executeTakeFirst();
  return leads ? { kind: 'cmtLeader', jobNumber: staff.jobNumber } : { kind: 'purchaseManager', jobNumber: staff.jobNumber };
}

/** The scope and the filters as conditions on a table with the flow's columns under `alias` (flows or tallies). */
export function flowConditions(alias: string, scope: DashboardScope, q: Pick<DashboardQuery, 'certScenario' | 'cmtCode'>): Expression<SqlBool>[] {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: Expression<SqlBool>[] = [];
  if (scope.kind === 'cmtLeader') conditions.push(sql<SqlBool>`${col('cmt_leader_job_number')} = ${scope.jobNumber}`);
  if (scope.kind === 'purchaseManager') conditions.push(sql<SqlBool>`${col('purchase_job_number')} = ${scope.jobNumber}`);
  if (q.certScenario) conditions.push(sql<SqlBool>`${col('cert_scenario')} = ${q.certScenario}`);
  if (q.cmtCode) conditions.push(sql<SqlBool>`${col('cmt_code')} = ${q.cmtCode}`);
  return conditions;
}

/**
 * The suppliers in the scope, as a condition on `supplierNo`: those of the flows counted (an administrator every
 * one); the CMT and category filters ask the supplier's categories.
 */
export function supplierConditions(supplierNo: Expression<string>, scope: DashboardScope, q: Pick<DashboardQuery, 'cmtCode' | 'categoryCode'>): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (scope.kind !== 'all') {
    const column = sql.ref(scope.kind === 'cmtLeader' ? 'f.cmt_leader_job_number' : 'f.purchase_job_number');
    conditions.push(sql<SqlBool>`exists (select 1 from cert_flow f where f.supplier_no = ${supplierNo} and ${column} = ${scope.jobNumber})`);
  }
  if (q.categoryCode) {
    conditions.push(sql<SqlBool>`exists (select 1 from supplier_category sc where sc.supplier_no = ${supplierNo} and sc.category_code = ${q.categoryCode})`);
  }
  if (q.cmtCode) {
    conditions.push(sql<SqlBool>`exists (select 1 from supplier_category sc join category c on c.code = sc.category_code
      where sc.supplier_no = ${supplierNo} and c.cmt_code = ${q.cmtCode})`);
  }
  return conditions;
}

import { sql } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import type { StaffOption } from '#domain/assessment/review.ts';
import { STAFF_SEARCH_LIMIT } from '#domain/reference-data.ts';
import { containsPattern } from '#services/common/like.ts';
import { staffSearchText } from '#services/common/staff-search.ts';

/**
 * The roles whose holders sit in the CMTs (cross-functional category teams, architecture §1): the people a review is
 * transferred to and a summary is approved by. Administrators' accounts are not CMT members by themselves.
 */
export const CMT_MEMBER_ROLES = [
  'PURCHASE_MANAGER',
  'CMT_LEADER',
  'QUALITY_REVIEWER',
  'TECHNICAL_REVIEWER',
  'BUSINESS_REVIEWER',
  'SUPPLY_REVIEWER',
  'QUALITY_OPERATIONS',
  'PROCUREMENT',
  'EXPERT',
] as const;

const isMember = sql<boolean>`exists (select 1 from jsonb_array_elements_text(roles) r where r.value in (${sql.join(CMT_MEMBER_ROLES.map((r) => sql.lit(r)))}))`;

/** GET /v1/cmt/v1/cmt/search: active CMT members whose name, job number or e-mail contains the keyword (an exact job number first). */
export async function searchCmtStaff(db: Db, keyword: string | undefined): Promise<StaffOption[]> {
  const needle = (keyword ?? '').toLowerCase();
  const rows = await db
    .selectFrom('staff')
    .select(['job_number', 'name', 'department_name'])
    .where('active', '=', true)
    .where(isMember)
    .where(staffSearchText, 'like', containsPattern(needle))
    .orderBy(sql`lower(job_number) = ${needle}`, 'desc')
    .orderBy('job_number')
    .limit(STAFF_SEARCH_LIMIT)
    .execute();
  return rows.map((r) => ({ jobNumber: r.job_number, name: r.name, departmentName: r.department_name }));
}

/** An active CMT member by job number, or undefined: the target of a transfer, a summary's approver. */
export async function cmtMember(db: DbOrTrx, jobNumber: string): Promise<StaffOption | undefined> {
  const row = await db
    .selectFrom('staff')
    .select(['job_number', 'name', 'department_name'])
    .where('job_number', '=', jobNumber)
    .where('active', '=', true)
    .where(isMember)
    .executeTakeFirst();
  return row && { jobNumber: row.job_number, name: row.name, departmentName: row.department_name };
}

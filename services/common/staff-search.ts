import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { STAFF_SEARCH_LIMIT, type StaffOption } from '#domain/reference-data.ts';
import { containsPattern } from './like.ts';

/**
 * Active staff whose name, job number, username or e-mail contains the keyword, case-insensitively.
 * The expression is the one the staff search indexes are built on (btree and trigram), so keep
 * them identical. An exact job number comes first.
 */
/** What a staff search matches: the expression the search indexes are built on (migrations …-staff-search-email). */
export const staffSearchText = sql<string>`lower(name || ' ' || job_number || ' ' || username || ' ' || email)`;

export async function searchStaff(db: Db, keyword: string): Promise<StaffOption[]> {
  const needle = keyword.toLowerCase();
  const rows = await db
    .selectFrom('staff')
    .select(['job_number', 'name'])
    .where('active', '=', true)
    .where(staffSearchText, 'like', containsPattern(needle))
    .orderBy(sql`lower(job_number) = ${needle}`, 'desc')
    .orderBy('job_number')
    .limit(STAFF_SEARCH_LIMIT)
    .execute();
  return rows.map((r) => ({ jobNumber: r.job_number, name: r.name }));
}

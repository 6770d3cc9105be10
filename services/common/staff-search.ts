import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { STAFF_PICKER_ROLES, STAFF_SEARCH_LIMIT, type StaffOption, type StaffPickerRole } from '#domain/reference-data.ts';
import { containsPattern } from './like.ts';

/**
 * Active staff whose name, job number, username or e-mail contains the keyword, case-insensitively.
 * The expression is the one the staff search indexes are built on (btree and trigram), so keep
 * them identical. An exact job number comes first.
 *
 * What a staff search matches: the expression the search indexes are built on (migrations …-staff-search-email). */
export const staffSearchText = sql<string>`lower(name || ' ' || job_number || ' ' || username || ' ' || email)`;

/** Active staff by keyword, the picker's role holders first; with a picker role and no keyword, those holders alone. */
export async function searchStaff(db: Db, query: { keyword?: string; role?: StaffPickerRole }): Promise<StaffOption[]> {
  const needle = query.keyword?.toLowerCase();
  const roles = query.role ? STAFF_PICKER_ROLES[query.role] : [];
  const holds = roles.length ? sql<boolean>`roles ?| array[${sql.join(roles)}]` : undefined;
  let q = db.selectFrom('staff').select(['job_number', 'name']).where('active', '=', true);
  if (needle) q = q.where(staffSearchText, 'like', containsPattern(needle)).orderBy(sql`lower(job_number) = ${needle}`, 'desc');
  else if (holds) q = q.where(holds);
  if (holds) q = q.orderBy(holds, 'desc');
  const rows = await q.orderBy('job_number').limit(STAFF_SEARCH_LIMIT).execute();
  return rows.map((r) => ({ jobNumber: r.job_number, name: r.name }));
}

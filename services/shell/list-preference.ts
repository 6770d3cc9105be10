import type { DbOrTrx } from '#db/connection.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { effectiveHidden, hiddenColumnErrors, listRouteKeys, type ListKey, type ListPreference } from '#domain/shell/list-preference.ts';
import { badRequest, forbidden } from '#domain/errors.ts';

/**
 * A staff member's column choice per list (req shell §2.6). Only the caller's own row is ever read or
 * written: the job number comes from the session, never from the request. A choice is a personal view
 * setting, not a business fact, so it writes no operation-history row.
 */
function mayUse(staff: StaffPrincipal, listKey: ListKey): void {
  if (!listRouteKeys(listKey).some((k) => staff.permissions.includes(k))) throw forbidden();
}

export async function readListPreference(db: DbOrTrx, staff: StaffPrincipal, listKey: ListKey): Promise<ListPreference> {
  mayUse(staff, listKey);
  const row = await db
    .selectFrom('list_preference')
    .select('hidden_columns')
    .where('job_number', '=', staff.jobNumber)
    .where('list_key', '=', listKey)
    .executeTakeFirst();
  return { listKey, hiddenColumns: effectiveHidden(listKey, row?.hidden_columns ?? []) };
}

export async function saveListPreference(db: DbOrTrx, staff: StaffPrincipal, listKey: ListKey, hiddenColumns: string[]): Promise<ListPreference> {
  mayUse(staff, listKey);
  const errors = hiddenColumnErrors(listKey, hiddenColumns);
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);
  const json = JSON.stringify(hiddenColumns);
  await db
    .insertInto('list_preference')
    .values({ job_number: staff.jobNumber, list_key: listKey, hidden_columns: json })
    .onConflict((oc) => oc.columns(['job_number', 'list_key']).doUpdateSet({ hidden_columns: json, updated_at: new Date() }))
    .execute();
  return { listKey, hiddenColumns };
}

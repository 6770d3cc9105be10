import { SHELL } from '#domain/contracts/shell.ts';
import { readListPreference, saveListPreference } from '#services/shell/list-preference.ts';
import { implement } from '../http/endpoint.ts';

/**
 * The caller's own column choice of a staff list (req shell §2.6 table field editor): read, and replace.
 * Each answers 403 to a caller who may not open the list; unknown lists and columns are 400s naming the field.
 */
export const listPreferenceEndpoints = [
  implement(SHELL.listPreference, { handle: ({ deps, staff, params }) => readListPreference(deps.db, staff, params.listKey) }),
  implement(SHELL.saveListPreference, { handle: ({ deps, staff, params, body }) => saveListPreference(deps.db, staff, params.listKey, body.hiddenColumns) }),
];

import { z } from 'zod';
import { LIST_KEYS, listKeyParams, listPreferenceBody } from '#domain/shell/list-preference.ts';
import { readListPreference, saveListPreference } from '#services/shell/list-preference.ts';
import { defineEndpoint } from '../http/endpoint.ts';

const tag = 'shell';
const preference = z.object({ listKey: z.enum(LIST_KEYS), hiddenColumns: z.array(z.string()) });

/**
 * The caller's own column choice of a staff list (spec 3 §2.6 table field editor): read, and replace.
 * Each answers 403 to a caller who may not open the list; unknown lists and columns are 400s naming the field.
 */
export const listPreferenceEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/list-preference/:listKey',
    summary: "The caller's hidden columns of a list (none stored: every column shows)",
    tag,
    auth: 'staff',
    params: listKeyParams,
    response: preference,
    handle: ({ deps, staff, params }) => readListPreference(deps.db, staff, params.listKey),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/list-preference/:listKey',
    summary: "Replace the caller's hidden columns of a list",
    tag,
    auth: 'staff',
    params: listKeyParams,
    body: listPreferenceBody,
    response: preference,
    handle: ({ deps, staff, params, body }) => saveListPreference(deps.db, staff, params.listKey, body.hiddenColumns),
  }),
];

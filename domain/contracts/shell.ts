import { z } from 'zod';
import { LIST_KEYS, listKeyParams, listPreferenceBody } from '../shell/list-preference.ts';
import { supplierCategory, supplierCategoryQuery, supplierContact, supplierContactQuery, supplierOption, supplierSearchQuery } from '../supplier-master.ts';
import { contract } from './contract.ts';

/** The shell (req shell §2.6): liveness, health, the installation's facts, framed pages, the caller's list columns. */
const tag = 'shell';
const preference = z.object({ listKey: z.enum(LIST_KEYS), hiddenColumns: z.array(z.string()) });
const partState = z.enum(['up', 'down']);

export const SHELL = {
  // A request that does no I/O: the baseline of the throughput benchmarks.
  ping: contract({ method: 'get', path: '/v1/ping', summary: 'Liveness without I/O', tag, auth: 'none', response: z.literal('pong') }),
  // Each part's state; a non-zero code (and 503) when one is down.
  health: contract({
    method: 'get',
    path: '/v1/health',
    summary: 'State of database, Temporal, files and mail',
    tag,
    auth: 'none',
    response: z.object({ db: partState, temporal: partState, files: partState, mail: partState }),
  }),
  embeddedPages: contract({
    method: 'get',
    path: '/v1/embedded-pages',
    summary: "Other systems' pages the shell frames at /embedded/{id} (req shell §2.6)",
    tag,
    auth: 'staff',
    response: z.array(z.object({ id: z.string(), title: z.string(), url: z.string() })),
  }),
  // The environment, for the test-environment tag (req shell §2.6).
  appInfo: contract({ method: 'get', path: '/v1/app-info', summary: 'Environment of this installation', tag, auth: 'none', response: z.object({ appEnv: z.string() }) }),
  listPreference: contract({
    method: 'get',
    path: '/v1/list-preference/:listKey',
    summary: "The caller's hidden columns of a list (none stored: every column shows)",
    tag,
    auth: 'staff',
    params: listKeyParams,
    response: preference,
  }),
  saveListPreference: contract({
    method: 'post',
    path: '/v1/list-preference/:listKey',
    summary: "Replace the caller's hidden columns of a list",
    tag,
    auth: 'staff',
    params: listKeyParams,
    body: listPreferenceBody,
    response: preference,
  }),
};

/**
 * The supplier master as the expand apply drawer reads it (req flow §2.2, §7.1). Req shell §7.7 names the common
 * supplier search GET /common/v1/search-supplier: the same call answers there.
 */
const master = 'supplier master';
export const SUPPLIER_MASTER = {
  search: contract({
    method: 'get',
    path: '/v1/supplier/access/search',
    summary: 'Accepted suppliers by name or code (at most 20)',
    tag: master,
    auth: 'staff',
    query: supplierSearchQuery,
    response: z.array(supplierOption),
  }),
  commonSearch: contract({
    method: 'get',
    path: '/common/v1/search-supplier',
    summary: 'Accepted suppliers by name or code (at most 20; the requirements’ common name of GET /v1/supplier/access/search)',
    tag: master,
    auth: 'staff',
    query: supplierSearchQuery,
    response: z.array(supplierOption),
  }),
  categories: contract({
    method: 'get',
    path: '/v1/supplier/category/search',
    summary: 'Categories a supplier is accessed for',
    tag: master,
    auth: 'staff',
    query: supplierCategoryQuery,
    response: z.array(supplierCategory),
  }),
  contacts: contract({ method: 'post', path: '/v1/supplier/user/search', summary: "A supplier's contacts", tag: master, auth: 'staff', body: supplierContactQuery, response: z.array(supplierContact) }),
};

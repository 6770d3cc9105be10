import { indexAddRequest, indexDelRequest, indexEditRequest, indexSearchQuery, indexVersionQuery } from '#domain/performance/index-tree.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { firstLevelIndices, indexTree, listSystems, reviewerRoles, searchIndices } from '#services/performance/index-read.ts';
import { addToIndexTree, deleteFromIndexTree, editIndexTree } from '#services/performance/index-write.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';

const tag = 'performance index';
/** Writes of index systems and indices (docs/decisions.md "Supplier performance"). */
const MANAGE = [PERMISSIONS.performanceManage];

/**
 * Performance indices (spec 3 §7.3): add, del, edit; list-one, list-system, role, tree, search. Reads are
 * open to staff: reviewers read the indices they score.
 */
export const performanceIndexEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/v1/performance-index/add',
    summary: 'Add an index system, a new version of one (a copy of its latest), or an index with its siblings’ new weights',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: indexAddRequest,
    async handle({ deps, body, staff, locale }) {
      return { ...(await addToIndexTree(deps.db, body, staff)), ...messageOf('saved', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/performance-index/edit',
    summary: 'Edit an index system’s names, or an index and its siblings’ weights (409 on a version a started plan uses)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: indexEditRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await editIndexTree(deps.db, body, staff);
      return messageOf('saved', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/performance-index/del',
    summary: 'Delete an unused index system, or an index with the remaining siblings’ weights',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: indexDelRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await deleteFromIndexTree(deps.db, body, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/performance-index/list-system',
    summary: 'Index systems with their versions (use, completeness)',
    tag,
    auth: 'staff',
    handle: ({ deps, locale }) => listSystems(deps.db, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/performance-index/list-one',
    summary: 'The first-level indices of a version (or of a system’s latest version)',
    tag,
    auth: 'staff',
    query: indexVersionQuery,
    handle: ({ deps, query, locale }) => firstLevelIndices(deps.db, query, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/performance-index/tree',
    summary: 'The whole index tree of a version, with why it is not yet usable by a plan',
    tag,
    auth: 'staff',
    query: indexVersionQuery,
    handle: ({ deps, query, locale }) => indexTree(deps.db, query, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/performance-index/search',
    summary: 'Indices whose code or name contains the keyword',
    tag,
    auth: 'staff',
    query: indexSearchQuery,
    handle: ({ deps, query, locale }) => searchIndices(deps.db, query, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/performance-index/role',
    summary: 'The reviewer roles that may score manual indices',
    tag,
    auth: 'staff',
    handle: ({ deps, locale }) => reviewerRoles(deps.db, locale),
  }),
];

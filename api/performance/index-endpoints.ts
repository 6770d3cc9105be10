import { PERF_INDEX } from '#domain/contracts/performance.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { firstLevelIndices, indexTree, listSystems, reviewerRoles, searchIndices } from '#services/performance/index-read.ts';
import { addToIndexTree, deleteFromIndexTree, editIndexTree } from '#services/performance/index-write.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

/** Writes of index systems and indices (docs/decisions/0036-supplier-performance-1-of-2.md "Supplier performance"). */
const MANAGE = [PERMISSIONS.performanceManage];

/**
 * Performance indices (req performance §7.3): add, del, edit; list-one, list-system, role, tree, search. Reads are
 * open to staff: reviewers read the indices they score.
 */
export const performanceIndexEndpoints = [
  implement(PERF_INDEX.add, {
    permissions: MANAGE,
    async handle({ deps, body, staff, locale }) {
      return { ...(await addToIndexTree(deps.db, body, staff)), ...messageOf('saved', locale) };
    },
  }),
  implement(PERF_INDEX.edit, {
    permissions: MANAGE,
    async handle({ deps, body, staff, locale }) {
      await editIndexTree(deps.db, body, staff);
      return messageOf('saved', locale);
    },
  }),
  implement(PERF_INDEX.del, {
    permissions: MANAGE,
    async handle({ deps, body, staff, locale }) {
      await deleteFromIndexTree(deps.db, body, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  implement(PERF_INDEX.systems, {
    handle: ({ deps, locale }) => listSystems(deps.db, locale),
  }),
  implement(PERF_INDEX.firstLevel, {
    handle: ({ deps, query, locale }) => firstLevelIndices(deps.db, query, locale),
  }),
  implement(PERF_INDEX.tree, {
    handle: ({ deps, query, locale }) => indexTree(deps.db, query, locale),
  }),
  implement(PERF_INDEX.search, {
    handle: ({ deps, query, locale }) => searchIndices(deps.db, query, locale),
  }),
  implement(PERF_INDEX.roles, {
    handle: ({ deps, locale }) => reviewerRoles(deps.db, locale),
  }),
];

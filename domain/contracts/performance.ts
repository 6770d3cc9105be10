import { z } from 'zod';
import {
  indexAddRequest,
  indexDelRequest,
  indexEditRequest,
  indexNode,
  indexSearchQuery,
  indexSearchRow,
  indexSystemRow,
  indexTree,
  indexVersionQuery,
  reviewerRoleRow,
} from '../performance/index-tree.ts';
import {
  planConclusionRequest,
  planCreateRequest,
  planDetail,
  planEditRequest,
  planNoQuery,
  planPageRequest,
  planRewordRequest,
  planRow,
  planSupplierOption,
  planSupplierSearchQuery,
} from '../performance/plan.ts';
import { messageAnswer, pageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/** Performance indices (req performance §7.3): add, del, edit; list-one, list-system, role, tree, search. */
const indexTag = 'performance index';
const index = '/v1/performance-index';

export const PERF_INDEX = {
  add: contract({
    method: 'post',
    path: `${index}/add`,
    summary: 'Add an index system, a new version of one (a copy of its latest), or an index with its siblings’ new weights',
    tag: indexTag,
    auth: 'staff',
    body: indexAddRequest,
    response: messageAnswer.extend({ code: z.string().optional(), versionId: z.string().optional(), id: z.string().optional() }),
  }),
  edit: contract({
    method: 'post',
    path: `${index}/edit`,
    summary: 'Edit an index system’s names, or an index and its siblings’ weights (409 on a version a started plan uses)',
    tag: indexTag,
    auth: 'staff',
    body: indexEditRequest,
    response: messageAnswer,
  }),
  del: contract({
    method: 'post',
    path: `${index}/del`,
    summary: 'Delete an unused index system, or an index with the remaining siblings’ weights',
    tag: indexTag,
    auth: 'staff',
    body: indexDelRequest,
    response: messageAnswer,
  }),
  systems: contract({ method: 'get', path: `${index}/list-system`, summary: 'Index systems with their versions (use, completeness)', tag: indexTag, auth: 'staff', response: z.array(indexSystemRow) }),
  firstLevel: contract({
    method: 'get',
    path: `${index}/list-one`,
    summary: 'The first-level indices of a version (or of a system’s latest version)',
    tag: indexTag,
    auth: 'staff',
    query: indexVersionQuery,
    response: z.array(indexNode),
  }),
  tree: contract({
    method: 'get',
    path: `${index}/tree`,
    summary: 'The whole index tree of a version, with why it is not yet usable by a plan',
    tag: indexTag,
    auth: 'staff',
    query: indexVersionQuery,
    response: indexTree,
  }),
  search: contract({
    method: 'get',
    path: `${index}/search`,
    summary: 'Indices whose code or name contains the keyword',
    tag: indexTag,
    auth: 'staff',
    query: indexSearchQuery,
    response: z.array(indexSearchRow),
  }),
  roles: contract({ method: 'get', path: `${index}/role`, summary: 'The reviewer roles that may score manual indices', tag: indexTag, auth: 'staff', response: z.array(reviewerRoleRow) }),
};

/** Performance plans (req performance §7.3): page, search-supplier, create, reword, edit, conclusion, detail. */
const planTag = 'performance plan';
const plan = '/v1/performance-plan';

export const PERF_PLAN = {
  page: contract({
    method: 'post',
    path: `${plan}/page`,
    summary: 'Performance plans, newest first (managers and holders of the plan screens)',
    tag: planTag,
    auth: 'staff',
    body: planPageRequest,
    response: pageAnswer(planRow),
  }),
  detail: contract({
    method: 'get',
    path: `${plan}/detail`,
    summary: 'One plan: period, version, suppliers with their summary and conclusion, reviewers, thresholds',
    tag: planTag,
    auth: 'staff',
    query: planNoQuery,
    response: planDetail,
  }),
  searchSupplier: contract({
    method: 'get',
    path: `${plan}/search-supplier`,
    summary: 'Admitted suppliers by name, code or category',
    tag: planTag,
    auth: 'staff',
    query: planSupplierSearchQuery,
    response: z.array(planSupplierOption),
  }),
  create: contract({ method: 'post', path: `${plan}/create`, summary: 'Create a draft plan', tag: planTag, auth: 'staff', body: planCreateRequest, response: messageAnswer.extend({ planNo: z.string() }) }),
  edit: contract({ method: 'post', path: `${plan}/edit`, summary: 'Change a draft plan (its owner or a manager)', tag: planTag, auth: 'staff', body: planEditRequest, response: messageAnswer }),
  reword: contract({ method: 'post', path: `${plan}/reword`, summary: 'Rename a plan (its owner or a manager)', tag: planTag, auth: 'staff', body: planRewordRequest, response: messageAnswer }),
  conclusion: contract({
    method: 'post',
    path: `${plan}/conclusion`,
    summary: 'Record the outcome per supplier of a calculated plan (its owner or a manager); publishing is refused: the round’s approval publishes',
    tag: planTag,
    auth: 'staff',
    body: planConclusionRequest,
    response: messageAnswer,
  }),
};

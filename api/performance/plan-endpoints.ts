import { planConclusionRequest, planCreateRequest, planEditRequest, planNoQuery, planPageRequest, planRewordRequest, planSupplierSearchQuery } from '#domain/performance/plan.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { searchAdmittedSuppliers } from '#services/performance/admitted.ts';
import { concludePlan } from '#services/performance/plan-conclusion.ts';
import { planDetail, planPage } from '#services/performance/plan-read.ts';
import { createPlan, editPlan, rewordPlan } from '#services/performance/plan-write.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';

const tag = 'performance plan';
const MANAGE = [PERMISSIONS.performanceManage];
/** Plan writes: managers, and holders of the plan screens (then only as the plan's owner, checked per plan). */
const EDIT = [PERMISSIONS.performanceManage, ROUTES.performancePlan];

/** Performance plans (spec 3 §7.3): page, search-supplier, create, reword, edit, conclusion, detail. */
export const performancePlanEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/v1/performance-plan/page',
    summary: 'Performance plans, newest first (managers and holders of the plan screens)',
    tag,
    auth: 'staff',
    // Reviewers reach their plans through their review tasks and the plan's detail, not this list.
    permissions: EDIT,
    body: planPageRequest,
    handle: ({ deps, body, staff, locale }) => planPage(deps.db, body, staff, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/performance-plan/detail',
    summary: 'One plan: period, version, suppliers with their summary and conclusion, reviewers, thresholds',
    tag,
    auth: 'staff',
    query: planNoQuery,
    handle: ({ deps, query, staff, locale }) => planDetail(deps.db, query.planNo, staff, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/performance-plan/search-supplier',
    summary: 'Admitted suppliers by name, code or category',
    tag,
    auth: 'staff',
    permissions: EDIT,
    query: planSupplierSearchQuery,
    handle: ({ deps, query, locale }) => searchAdmittedSuppliers(deps.db, query, locale),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/performance-plan/create',
    summary: 'Create a draft plan',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: planCreateRequest,
    async handle({ deps, body, staff, locale }) {
      return { ...(await createPlan(deps.db, body, staff, locale)), ...messageOf('saved', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/performance-plan/edit',
    summary: 'Change a draft plan (its owner or a manager)',
    tag,
    auth: 'staff',
    permissions: EDIT,
    body: planEditRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await editPlan(deps.db, body, staff, locale);
      return messageOf('saved', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/performance-plan/reword',
    summary: 'Rename a plan (its owner or a manager)',
    tag,
    auth: 'staff',
    permissions: EDIT,
    body: planRewordRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await rewordPlan(deps.db, body, staff);
      return messageOf('saved', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/performance-plan/conclusion',
    summary: 'Record the outcome per supplier of a calculated plan (its owner or a manager); publishing is refused: the round’s approval publishes',
    tag,
    auth: 'staff',
    permissions: EDIT,
    body: planConclusionRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await concludePlan(deps.db, body, staff);
      return messageOf('saved', locale);
    },
  }),
];

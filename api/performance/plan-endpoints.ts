import { PERF_PLAN } from '#domain/contracts/performance.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { searchAdmittedSuppliers } from '#services/performance/admitted.ts';
import { concludePlan } from '#services/performance/plan-conclusion.ts';
import { planDetail, planPage } from '#services/performance/plan-read.ts';
import { createPlan, editPlan, rewordPlan } from '#services/performance/plan-write.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

const MANAGE = [PERMISSIONS.performanceManage];
/** Plan writes: managers, and holders of the plan screens (then only as the plan's owner, checked per plan). */
const EDIT = [PERMISSIONS.performanceManage, ROUTES.performancePlan];

/** Performance plans (req performance §7.3): page, search-supplier, create, reword, edit, conclusion, detail. */
export const performancePlanEndpoints = [
  implement(PERF_PLAN.page, {
    // Reviewers reach their plans through their review tasks and the plan's detail, not this list.
    permissions: EDIT,
    handle: ({ deps, body, staff, locale }) => planPage(deps.db, body, staff, locale),
  }),
  implement(PERF_PLAN.detail, {
    handle: ({ deps, query, staff, locale }) => planDetail(deps.db, query.planNo, staff, locale),
  }),
  implement(PERF_PLAN.searchSupplier, {
    permissions: EDIT,
    handle: ({ deps, query, locale }) => searchAdmittedSuppliers(deps.db, query, locale),
  }),
  implement(PERF_PLAN.create, {
    permissions: MANAGE,
    async handle({ deps, body, staff, locale }) {
      return { ...(await createPlan(deps.db, body, staff, locale)), ...messageOf('saved', locale) };
    },
  }),
  implement(PERF_PLAN.edit, {
    permissions: EDIT,
    async handle({ deps, body, staff, locale }) {
      await editPlan(deps.db, body, staff, locale);
      return messageOf('saved', locale);
    },
  }),
  implement(PERF_PLAN.reword, {
    permissions: EDIT,
    async handle({ deps, body, staff, locale }) {
      await rewordPlan(deps.db, body, staff);
      return messageOf('saved', locale);
    },
  }),
  implement(PERF_PLAN.conclusion, {
    permissions: EDIT,
    async handle({ deps, body, staff, locale }) {
      await concludePlan(deps.db, body, staff);
      return messageOf('saved', locale);
    },
  }),
];

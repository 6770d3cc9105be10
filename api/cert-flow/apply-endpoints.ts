import { actorOf } from '#domain/identity.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { FLOWS } from '#domain/contracts/flows.ts';
import { applyForRegistration } from '#services/cert-flow/apply.ts';
import { applyForExpansion } from '#services/cert-flow/expand.ts';
import { duplicateCheck } from '#services/cert-flow/duplicate-check.ts';
import { listFlows } from '#services/cert-flow/flow-list.ts';
import { exportFlowList } from '#services/cert-flow/flow-list-export.ts';
import { sendGenerated } from '../common/file-response.ts';
import { implement, implementResponding } from '../http/endpoint.ts';

const listers = [ROUTES.certFlowList, PERMISSIONS.certProcessManageAll];

/** Flow management: the apply drawer and the list (req flow §7.1). */
export const applyEndpoints = [
  implement(FLOWS.create, {
    permissions: [PERMISSIONS.newApplyRfi],
    status: 201,
    handle: ({ deps, body, staff, locale }) => applyForRegistration(deps, body, actorOf(staff), locale),
  }),
  implement(FLOWS.duplicates, {
    permissions: [PERMISSIONS.newApplyRfi],
    handle: ({ deps, query, locale }) => duplicateCheck(deps.db, query, locale),
  }),
  implement(FLOWS.expand, {
    permissions: [PERMISSIONS.expandApplyRfi],
    status: 201,
    handle: ({ deps, body, staff, locale }) => applyForExpansion(deps, body, actorOf(staff), locale),
  }),
  implement(FLOWS.list, { permissions: listers, handle: ({ deps, body, staff, locale }) => listFlows(deps.db, body, staff, locale) }),
  implement(FLOWS.registerPage, { permissions: listers, handle: ({ deps, body, staff, locale }) => listFlows(deps.db, body, staff, locale) }),
  implementResponding(FLOWS.export, {
    permissions: listers,
    async respond({ deps, body, staff, locale }, _req, res) {
      await sendGenerated(res, await exportFlowList(deps.db, body, staff, locale));
    },
  }),
];

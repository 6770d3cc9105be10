import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { FLOWS } from '#domain/contracts/flows.ts';
import { adjustOwner, roleDetail, terminateFlow } from '#services/cert-flow/owners.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

/** Row actions of the flow list: terminate, adjust owner and the reassign rows (req flow §2.1, §5.13, §7.1). */
export const ownerEndpoints = [
  implement(FLOWS.terminate, {
    pending: true,
    permissions: [PERMISSIONS.certTermination],
    async handle({ deps, body, staff, locale }) {
      await terminateFlow(deps, body.flowNo, staff);
      return messageOf('flowTerminated', locale);
    },
  }),
  implement(FLOWS.roles, {
    permissions: [ROUTES.certFlowList, ROUTES.certFlowDetail, PERMISSIONS.certProcessManageAll],
    handle: ({ deps, query, staff }) => roleDetail(deps.db, query.flowNo, staff),
  }),
  implement(FLOWS.adjustOwner, {
    pending: true,
    permissions: [ROUTES.certFlowList, PERMISSIONS.certProcessManageAll],
    async handle({ deps, body, staff, locale }) {
      await adjustOwner(deps, body, staff);
      return messageOf('adjusted', locale);
    },
  }),
];

import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { adjustOwnerRequest } from '#domain/cert-flow/owners.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import { adjustOwner, roleDetail, terminateFlow } from '#services/cert-flow/owners.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';

const tag = 'certification flow';

/** Row actions of the flow list: terminate, adjust owner and the reassign rows (spec 2 §2.1, §5.13, §7.1). */
export const ownerEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/v1/register/termination',
    pending: true,
    summary: 'Terminate a flow (at RFI or APTITUDE)',
    tag,
    auth: 'staff',
    permissions: [PERMISSIONS.certTermination],
    body: flowNoQuery,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await terminateFlow(deps, body.flowNo, staff);
      return messageOf('flowTerminated', locale);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/register/role/detail',
    summary: 'Who holds each responsibility, and what this user may change',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowList, ROUTES.certFlowDetail, PERMISSIONS.certProcessManageAll],
    query: flowNoQuery,
    handle: ({ deps, query, staff }) => roleDetail(deps.db, query.flowNo, staff),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/register/adjust',
    pending: true,
    summary: 'Adjust the purchasing manager and CMT leader',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowList, PERMISSIONS.certProcessManageAll],
    body: adjustOwnerRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await adjustOwner(deps, body, staff);
      return messageOf('adjusted', locale);
    },
  }),
];

import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import { publicitySaveRequest } from '#domain/cert-flow/nodes/publicity.ts';
import { publicityDetail, publicityPusher, pushPublicity, returnPublicity, saveObjections } from '#services/cert-flow/nodes/publicity.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';

const tag = 'certification nodes';

/**
 * The publicity node (spec 2 §7.7). Save and return need the PUBLICITY principal while it is in
 * progress; push needs cert_process_manage_all. The spec lists push as a GET, but it publishes an
 * announcement, so it is a POST (a GET answers 405, as for the other former GET writes; docs/decisions.md).
 */
export const publicityEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-publicity/task-detail',
    summary: "Publicity: objections, the period's end time and the server's clock, and what this user may do",
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    query: flowNoQuery,
    handle: ({ deps, query, staff }) => publicityDetail(deps.db, query.flowNo, staff),
  }),
  defineNodeWrite({
    path: '/v1/supplier-publicity/save',
    summary: 'Publicity: save the objections table; rows left out are deleted (principal only)',
    tag,
    node: 'PUBLICITY',
    body: publicitySaveRequest,
    response: messageResponse,
    async handle({ deps, node, body, staff, locale }) {
      await saveObjections(deps.db, node, body, staff);
      return messageOf('saved', locale);
    },
  }),
  defineNodeWrite({
    path: '/v1/supplier-publicity/return',
    pending: true,
    summary: 'Publicity: return the flow to KCP2, which opens again; answers once it is in progress (principal only)',
    tag,
    node: 'PUBLICITY',
    response: messageResponse,
    async handle({ deps, node, staff, locale }) {
      await returnPublicity(deps, node, staff);
      return messageOf('reverted', locale);
    },
  }),
  defineNodeWrite({
    path: '/v1/supplier-publicity/push',
    summary: 'Publicity: publish it as a pop-up announcement, once per publicity period (cert_process_manage_all)',
    tag,
    permissions: [PERMISSIONS.certProcessManageAll],
    node: 'PUBLICITY',
    caller: publicityPusher,
    response: messageResponse,
    async handle({ deps, node, staff, locale }) {
      await pushPublicity(deps.db, node, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
];

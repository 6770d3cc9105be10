import { ROUTES } from '#domain/permissions.ts';
import { kcpDetailQuery, kcpSubmitRequest } from '#domain/cert-flow/nodes/kcp.ts';
import { kcpDetail, submitKcp } from '#services/cert-flow/nodes/kcp.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';

const tag = 'certification nodes';

/** Meeting conclusion nodes (spec 2 §7.3; the paths are ours, the spec does not show them). */
export const kcpEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/cert-flow-kcp/detail',
    summary: 'Meeting conclusion: conclusion, attachments and whether this user may edit',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    query: kcpDetailQuery,
    handle: ({ deps, query, staff }) => kcpDetail(deps.db, query.flowNo, query.nodeCode, staff),
  }),
  defineNodeWrite({
    path: '/v1/cert-flow-kcp/submit',
    summary: 'Save and complete a meeting conclusion; a failing conclusion ends the flow (principal only)',
    tag,
    ref: kcpDetailQuery,
    node: (ref) => ref.nodeCode,
    body: kcpSubmitRequest,
    response: messageResponse,
    completes: (locale) => messageOf('submitted', locale),
    async handle({ deps, node, body, staff }) {
      await submitKcp(deps, node, body, staff);
    },
  }),
];

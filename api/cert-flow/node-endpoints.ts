import { flowNodeRequest } from '#domain/cert-flow/node-requests.ts';
import { completeOptionalNode } from '#services/cert-flow/node-work.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';

/** Actions on any node of a flow; each node screen declares its own task work beside it. */
export const nodeEndpoints = [
  // Spec 2 §4.2: an optional node (nodeRequired 20) is completed directly, without its task work.
  defineNodeWrite({
    path: '/v1/cert-flow-node/complete-optional',
    summary: 'Complete an optional node directly (its principal only)',
    tag: 'certification flow',
    ref: flowNodeRequest,
    node: (ref) => ref.nodeCode,
    response: messageResponse,
    completes: (locale) => messageOf('operationSuccess', locale),
    async handle({ deps, node, staff }) {
      await completeOptionalNode(deps, node, staff);
    },
  }),
];

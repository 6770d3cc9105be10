import { FLOWS } from '#domain/contracts/flows.ts';
import { flowNodeRequest } from '#domain/cert-flow/node-requests.ts';
import { completeOptionalNode } from '#services/cert-flow/node-work.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';

/** Actions on any node of a flow; each node screen declares its own task work beside it. */
export const nodeEndpoints = [
  // Req flow §4.2: an optional node (nodeRequired 20) is completed directly, without its task work.
  implementNodeWrite(FLOWS.completeOptional, {
    ref: flowNodeRequest,
    node: (ref) => ref.nodeCode,
    completes: (locale) => messageOf('operationSuccess', locale),
    async handle({ deps, node, staff }) {
      await completeOptionalNode(deps, node, staff);
    },
  }),
];

import { ROUTES } from '#domain/permissions.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { kcpDetailQuery } from '#domain/cert-flow/nodes/kcp.ts';
import { kcpDetail, submitKcp } from '#services/cert-flow/nodes/kcp.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';

/** Meeting conclusion nodes (req flow §7.3; the paths are ours, the requirements do not show them). */
export const kcpEndpoints = [
  implement(FLOW_NODES.kcp, { permissions: [ROUTES.certFlowDetail], handle: ({ deps, query, staff }) => kcpDetail(deps.db, query.flowNo, query.nodeCode, staff) }),
  implementNodeWrite(FLOW_NODES.kcpSubmit, {
    ref: kcpDetailQuery,
    node: (ref) => ref.nodeCode,
    completes: (locale) => messageOf('submitted', locale),
    async handle({ deps, node, body, staff }) {
      await submitKcp(deps, node, body, staff);
    },
  }),
];

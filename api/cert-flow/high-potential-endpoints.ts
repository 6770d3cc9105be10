import { ROUTES } from '#domain/permissions.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { highPotentialDetail, saveHighPotential, submitHighPotential } from '#services/cert-flow/high-potential.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';
import { evaluationDeps } from './kcp2-endpoints.ts';

/**
 * The high-potential supplier application (req flow §7.8; the submit path is ours). Written by the KCP2
 * principal while KCP2 is in progress, when the saved conclusion is the high-potential one.
 */
export const highPotentialEndpoints = [
  implement(FLOW_NODES.highPotential, {
    permissions: [ROUTES.certFlowDetail],
    handle: ({ deps, query, staff, locale }) => highPotentialDetail(deps.db, query.flowNo, staff, locale),
  }),
  implementNodeWrite(FLOW_NODES.highPotentialSave, {
    node: 'KCP2',
    async handle({ deps, node, body, staff, locale }) {
      await saveHighPotential(evaluationDeps(deps), node, body, staff);
      return messageOf('saved', locale);
    },
  }),
  implementNodeWrite(FLOW_NODES.highPotentialSubmit, {
    pending: true,
    node: 'KCP2',
    async handle({ deps, node, body, staff, locale }) {
      await submitHighPotential(evaluationDeps(deps), node, body, staff);
      return messageOf('submitted', locale);
    },
  }),
];

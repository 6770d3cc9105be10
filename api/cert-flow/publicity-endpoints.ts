import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { publicityDetail, publicityPusher, pushPublicity, returnPublicity, saveObjections } from '#services/cert-flow/nodes/publicity.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';

/**
 * The publicity node (req flow §7.7). Save and return need the PUBLICITY principal while it is in
 * progress; push needs cert_process_manage_all. The requirements list push as a GET, but it publishes an
 * announcement, so it is a POST (a GET answers 405, as for the other former GET writes; docs/decisions/).
 */
export const publicityEndpoints = [
  implement(FLOW_NODES.publicity, { permissions: [ROUTES.certFlowDetail], handle: ({ deps, query, staff }) => publicityDetail(deps.db, query.flowNo, staff) }),
  implementNodeWrite(FLOW_NODES.publicitySave, {
    node: 'PUBLICITY',
    async handle({ deps, node, body, staff, locale }) {
      await saveObjections(deps.db, node, body, staff);
      return messageOf('saved', locale);
    },
  }),
  implementNodeWrite(FLOW_NODES.publicityReturn, {
    pending: true,
    node: 'PUBLICITY',
    async handle({ deps, node, staff, locale }) {
      await returnPublicity(deps, node, staff);
      return messageOf('reverted', locale);
    },
  }),
  implementNodeWrite(FLOW_NODES.publicityPush, {
    permissions: [PERMISSIONS.certProcessManageAll],
    node: 'PUBLICITY',
    caller: publicityPusher,
    async handle({ deps, node, staff, locale }) {
      await pushPublicity(deps.db, node, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
];

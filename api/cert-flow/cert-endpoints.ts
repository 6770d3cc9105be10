import { ROUTES } from '#domain/permissions.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { certDetail, completeCert, saveCert } from '#services/cert-flow/nodes/cert.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';

/**
 * The certificate check (req flow §3.17, §5.11; the requirements show no paths, ours are in docs/decisions/).
 * Reading needs the progress page's key; saving and completing the node's task principal.
 */
export const certEndpoints = [
  implement(FLOW_NODES.cert, { permissions: [ROUTES.certFlowDetail], handle: ({ deps, query, staff }) => certDetail(deps.db, query.flowNo, staff) }),
  implementNodeWrite(FLOW_NODES.certSave, {
    node: 'CERT',
    async handle({ deps, node, body, staff, locale }) {
      await saveCert(deps.db, node, body, staff);
      return messageOf('saved', locale);
    },
  }),
  implementNodeWrite(FLOW_NODES.certComplete, {
    node: 'CERT',
    completes: (locale) => messageOf('submitted', locale),
    async handle({ deps, node, body, staff }) {
      await completeCert(deps, node, body, staff);
    },
  }),
];

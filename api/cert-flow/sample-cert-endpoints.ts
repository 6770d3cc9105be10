import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { finishSampleCert, sampleCertDetail, sampleCertTransferer, transferSampleCert } from '#services/cert-flow/nodes/sample-cert.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';

/** Sample certification (req flow §7.6). */
export const sampleCertEndpoints = [
  implement(FLOW_NODES.sampleCert, { permissions: [ROUTES.certFlowDetail], handle: ({ deps, query, staff }) => sampleCertDetail(deps.db, query.flowNo, staff) }),
  implementNodeWrite(FLOW_NODES.sampleCertFinish, {
    node: 'SAMPLE_CERT',
    completes: (locale) => messageOf('submitted', locale),
    async handle({ deps, node, body, staff }) {
      await finishSampleCert(deps, node, body, staff);
    },
  }),
  // Who may transfer is decided per flow (req flow §4.9).
  implementNodeWrite(FLOW_NODES.sampleCertTransfer, {
    pending: true,
    permissions: [ROUTES.certFlowDetail, PERMISSIONS.certProcessManageAll],
    node: 'SAMPLE_CERT',
    caller: sampleCertTransferer,
    async handle({ deps, node, body, staff, locale }) {
      await transferSampleCert(deps, node, body, staff);
      return messageOf('transferred', locale);
    },
  }),
];

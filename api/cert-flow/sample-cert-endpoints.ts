import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import { sampleCertFinishRequest, sampleCertTransferRequest } from '#domain/cert-flow/nodes/sample-cert.ts';
import { finishSampleCert, sampleCertDetail, sampleCertTransferer, transferSampleCert } from '#services/cert-flow/nodes/sample-cert.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';

const tag = 'certification nodes';

/** Sample certification (spec 2 §7.6). */
export const sampleCertEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/sample-cert/detail',
    summary: 'Sample certification: conclusion, description, attachments, edit and transfer rights',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    query: flowNoQuery,
    handle: ({ deps, query, staff }) => sampleCertDetail(deps.db, query.flowNo, staff),
  }),
  defineNodeWrite({
    path: '/v1/sample-cert/finish',
    summary: 'Save and complete sample certification; a failing conclusion ends the flow (principal only)',
    tag,
    node: 'SAMPLE_CERT',
    body: sampleCertFinishRequest,
    response: messageResponse,
    completes: (locale) => messageOf('submitted', locale),
    async handle({ deps, node, body, staff }) {
      await finishSampleCert(deps, node, body, staff);
    },
  }),
  // Who may transfer is decided per flow (spec 2 §4.9).
  defineNodeWrite({
    path: '/v1/sample-cert/transfer',
    pending: true,
    summary: 'Transfer sample certification to another technical reviewer',
    tag,
    permissions: [ROUTES.certFlowDetail, PERMISSIONS.certProcessManageAll],
    node: 'SAMPLE_CERT',
    caller: sampleCertTransferer,
    body: sampleCertTransferRequest,
    response: messageResponse,
    async handle({ deps, node, body, staff, locale }) {
      await transferSampleCert(deps, node, body, staff);
      return messageOf('transferred', locale);
    },
  }),
];

import { ROUTES } from '#domain/permissions.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import { certDraft, certRequest } from '#domain/cert-flow/nodes/cert.ts';
import { certDetail, completeCert, saveCert } from '#services/cert-flow/nodes/cert.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';

const tag = 'certification nodes';

/**
 * The certificate check (spec 2 §3.17, §5.11; the spec shows no paths, ours are in docs/decisions.md).
 * Reading needs the progress page's key; saving and completing the node's task principal.
 */
export const certEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/cert-flow-cert/detail',
    summary: 'Certificate check: the certificate rows (the questionnaire step 5 until first saved) and whether this user may edit',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    query: flowNoQuery,
    handle: ({ deps, query, staff }) => certDetail(deps.db, query.flowNo, staff),
  }),
  defineNodeWrite({
    path: '/v1/cert-flow-cert/save',
    summary: 'Save the certificate rows without completing (principal only)',
    tag,
    node: 'CERT',
    body: certDraft,
    response: messageResponse,
    async handle({ deps, node, body, staff, locale }) {
      await saveCert(deps.db, node, body, staff);
      return messageOf('saved', locale);
    },
  }),
  defineNodeWrite({
    path: '/v1/cert-flow-cert/completed',
    summary: 'Save the certificate rows and complete the certificate check (principal only)',
    tag,
    node: 'CERT',
    body: certRequest,
    response: messageResponse,
    completes: (locale) => messageOf('submitted', locale),
    async handle({ deps, node, body, staff }) {
      await completeCert(deps, node, body, staff);
    },
  }),
];

import { ROUTES } from '#domain/permissions.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import { highPotentialRequest } from '#domain/cert-flow/high-potential.ts';
import { highPotentialDetail, saveHighPotential, submitHighPotential } from '#services/cert-flow/high-potential.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';
import { evaluationDeps } from './kcp2-endpoints.ts';

const tag = 'certification nodes';

/**
 * The high-potential supplier application (spec 2 §7.8; the submit path is ours). Written by the KCP2
 * principal while KCP2 is in progress, when the saved conclusion is the high-potential one.
 */
export const highPotentialEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-assessment/get_high-supplier-apply',
    summary: 'High-potential application: attachments, to-dos, approval status, bpmUrl and bpmRemark, and whether this user may edit',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    query: flowNoQuery,
    handle: ({ deps, query, staff, locale }) => highPotentialDetail(deps.db, query.flowNo, staff, locale),
  }),
  defineNodeWrite({
    path: '/v1/supplier-assessment/save_high-supplier-apply',
    summary: 'High-potential application: save the attachments and to-dos; the to-dos become tasks (KCP2 principal only)',
    tag,
    node: 'KCP2',
    body: highPotentialRequest,
    response: messageResponse,
    async handle({ deps, node, body, staff, locale }) {
      await saveHighPotential(evaluationDeps(deps), node, body, staff);
      return messageOf('saved', locale);
    },
  }),
  defineNodeWrite({
    path: '/v1/supplier-assessment/submit_high-supplier-apply',
    pending: true,
    summary: 'High-potential application: save and submit for approval; needs an attachment and a first to-do (KCP2 principal only)',
    tag,
    node: 'KCP2',
    body: highPotentialRequest,
    response: messageResponse,
    async handle({ deps, node, body, staff, locale }) {
      await submitHighPotential(evaluationDeps(deps), node, body, staff);
      return messageOf('submitted', locale);
    },
  }),
];

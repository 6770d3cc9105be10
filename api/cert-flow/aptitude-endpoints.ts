import { ROUTES } from '#domain/permissions.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import { aptitudeDraft, aptitudeRequest } from '#domain/cert-flow/nodes/aptitude.ts';
import { aptitudeDetail, aptitudeResult, completeAptitude, saveAptitude } from '#services/cert-flow/nodes/aptitude.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';

const tag = 'certification nodes';
const read = { method: 'get', tag, auth: 'staff', permissions: [ROUTES.certFlowDetail], query: flowNoQuery } as const;

/** Qualification matching (spec 2 §7.2). Reads need the progress page's key; writes its task principal. */
export const aptitudeEndpoints = [
  defineEndpoint({
    ...read,
    path: '/v1/cert-flow-aptitude/detail',
    summary: 'Qualification matching: summary, file and whether this user may edit',
    handle: ({ deps, query, staff }) => aptitudeDetail(deps.db, query.flowNo, staff),
  }),
  defineEndpoint({
    ...read,
    path: '/v1/cert-flow-aptitude/result-detail',
    summary: 'Qualification matching result after completion',
    handle: ({ deps, query, staff }) => aptitudeResult(deps.db, query.flowNo, staff),
  }),
  defineNodeWrite({
    path: '/v1/cert-flow-aptitude/audit',
    summary: 'Save qualification matching without completing (principal only)',
    tag,
    node: 'APTITUDE',
    body: aptitudeDraft,
    response: messageResponse,
    async handle({ deps, node, body, staff, locale }) {
      await saveAptitude(deps.db, node, body, staff);
      return messageOf('saved', locale);
    },
  }),
  defineNodeWrite({
    path: '/v1/cert-flow-aptitude/completed',
    summary: 'Save and complete qualification matching (principal only)',
    tag,
    node: 'APTITUDE',
    body: aptitudeRequest,
    response: messageResponse,
    completes: (locale) => messageOf('submitted', locale),
    async handle({ deps, node, body, staff }) {
      await completeAptitude(deps, node, body, staff);
    },
  }),
];

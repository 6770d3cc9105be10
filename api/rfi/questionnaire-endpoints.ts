import { actorOf } from '#domain/identity.ts';
import { hasPermission, ROUTES } from '#domain/permissions.ts';
import { tempQuery } from '#domain/rfi/login.ts';
import { applyNoQuery, RFI_READ_KEYS, rfiPageQuery } from '#domain/rfi/questionnaire-contract.ts';
import { currentStepByApplyNo } from '#services/rfi/questionnaire-read.ts';
import { listQuestionnaires } from '#services/rfi/questionnaire-list.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { questionnaireCalls } from './questionnaire-routes.ts';
import { requireOwnApplication } from './require-own-application.ts';

const EXPAND_READERS = [...RFI_READ_KEYS, ROUTES.rfiExpand];

/**
 * The questionnaire's three sides (spec 1 §2, §4, §7):
 * - /v1/rfi: the supplier's own application (register mode), named by the link's temp;
 * - /v1/register/get-<section>: staff audit and detail reads, always read-only, named by applyNo;
 * - /v1/cert-rfi: the expand mode (steps 3–10 editable by holders of the expand route, saves of
 *   steps 1–2 answer ok and do nothing) and the detail mode's reads.
 * The supplier's GET current/step sits with its login calls.
 */
export const questionnaireEndpoints = [
  ...questionnaireCalls({
    prefix: '/v1/rfi',
    tag: 'questionnaire',
    auth: 'supplier',
    guards: () => [requireOwnApplication()],
    query: tempQuery,
    applyNo: ({ supplier }) => supplier!.applyNo,
    readMode: () => 'supplier',
    writeMode: 'supplier',
  }),
  ...questionnaireCalls({
    prefix: '/v1/register',
    tag: 'questionnaire audit',
    auth: 'staff',
    permissions: { read: RFI_READ_KEYS },
    query: applyNoQuery,
    applyNo: ({ query }) => query.applyNo,
    readMode: () => 'audit',
  }),
  ...questionnaireCalls({
    prefix: '/v1/cert-rfi',
    tag: 'questionnaire expand',
    auth: 'staff',
    permissions: { read: EXPAND_READERS, write: [ROUTES.rfiExpand] },
    query: applyNoQuery,
    applyNo: ({ query }) => query.applyNo,
    readMode: ({ staff }) => (hasPermission(staff!.permissions, ROUTES.rfiExpand) ? 'expand' : 'audit'),
    writeMode: 'expand',
    actor: ({ staff }) => actorOf(staff!),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/cert-rfi/current/step',
    summary: 'The step to resume at',
    tag: 'questionnaire expand',
    auth: 'staff',
    permissions: EXPAND_READERS,
    query: applyNoQuery,
    handle: async ({ deps, query }) => ({ step: await currentStepByApplyNo(deps.db, query.applyNo) }),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/cert-rfi/page',
    summary: 'The questionnaires of the flows the caller may open, by flow number or supplier name, paged',
    tag: 'questionnaire expand',
    auth: 'staff',
    permissions: EXPAND_READERS,
    body: rfiPageQuery,
    handle: ({ deps, body, staff }) => listQuestionnaires(deps.db, body, staff),
  }),
];

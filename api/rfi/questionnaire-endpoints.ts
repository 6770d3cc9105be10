import { actorOf } from '#domain/identity.ts';
import { hasPermission, ROUTES } from '#domain/permissions.ts';
import { tempQuery } from '#domain/rfi/login.ts';
import { applyNoQuery, RFI_READ_KEYS } from '#domain/rfi/questionnaire-contract.ts';
import { RFI_AUDIT, RFI_EXPAND, RFI_LIST, RFI_SUPPLIER } from '#domain/contracts/questionnaire.ts';
import { currentStepByApplyNo } from '#services/rfi/questionnaire-read.ts';
import { listQuestionnaires } from '#services/rfi/questionnaire-list.ts';
import { implement } from '../http/endpoint.ts';
import { questionnaireCalls } from './questionnaire-routes.ts';
import { requireOwnApplication } from './require-own-application.ts';

const EXPAND_READERS = [...RFI_READ_KEYS, ROUTES.rfiExpand];

/**
 * The questionnaire's three sides (req rfi §2, §4, §7):
 * - /v1/rfi: the supplier's own application (register mode), named by the link's temp;
 * - /v1/register/get-<section>: staff audit and detail reads, always read-only, named by applyNo;
 * - /v1/cert-rfi: the expand mode (steps 3–10 editable by holders of the expand route, saves of
 *   steps 1–2 answer ok and do nothing) and the detail mode's reads.
 * The supplier's GET current/step sits with its login calls.
 */
export const questionnaireEndpoints = [
  ...questionnaireCalls({
    calls: RFI_SUPPLIER,
    auth: 'supplier',
    guards: () => [requireOwnApplication()],
    query: tempQuery,
    applyNo: ({ supplier }) => supplier!.applyNo,
    readMode: () => 'supplier',
    writeMode: 'supplier',
  }),
  ...questionnaireCalls({
    calls: RFI_AUDIT,
    auth: 'staff',
    permissions: { read: RFI_READ_KEYS },
    query: applyNoQuery,
    applyNo: ({ query }) => query.applyNo,
    readMode: () => 'audit',
  }),
  ...questionnaireCalls({
    calls: RFI_EXPAND,
    auth: 'staff',
    permissions: { read: EXPAND_READERS, write: [ROUTES.rfiExpand] },
    query: applyNoQuery,
    applyNo: ({ query }) => query.applyNo,
    readMode: ({ staff }) => (hasPermission(staff!.permissions, ROUTES.rfiExpand) ? 'expand' : 'audit'),
    writeMode: 'expand',
    actor: ({ staff }) => actorOf(staff!),
  }),
  implement(RFI_EXPAND.currentStep, { permissions: EXPAND_READERS, handle: async ({ deps, query }) => ({ step: await currentStepByApplyNo(deps.db, query.applyNo) }) }),
  implement(RFI_LIST.page, { permissions: EXPAND_READERS, handle: ({ deps, body, staff }) => listQuestionnaires(deps.db, body, staff) }),
];

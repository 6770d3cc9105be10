import { ROUTES } from '#domain/permissions.ts';
import {
  aidQuery,
  APPROVE_STATUS,
  auditConclusionRequest,
  checklistIssueRequest,
  checklistPageRequest,
  checklistSubmitRequest,
} from '#domain/cert-flow/nodes/self-inspection.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import { rowOwnerInTransaction } from '#services/cert-flow/node-work.ts';
import { selfInspectionDetail } from '#services/self-inspection/detail.ts';
import { finishSelfInspection, issueChecklist, ownConclusionOnRecord, submitAuditConclusion } from '#services/self-inspection/staff-actions.ts';
import { openIssuedTemplate, submitChecklist, supplierChecklistDetail, supplierChecklistPage } from '#services/self-inspection/supplier-actions.ts';
import type { SelfInspectionDeps } from '#services/self-inspection/deps.ts';
import type { AppDeps } from '../deps.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';
import { sendFile } from '../common/file-response.ts';

const selfInspectionDeps = (deps: AppDeps): SelfInspectionDeps => ({
  db: deps.db,
  mailer: deps.mailer,
  flows: deps.flows,
  files: deps.files,
  publicUrl: deps.config.publicUrl,
});

const tag = 'self-inspection';
const node = 'SELF_INSPECTION';

/**
 * The self-inspection node (spec 2 §7.4). Staff: row ownership is checked by the services with the
 * row locked. Suppliers (portal session): the services refuse rows of flows the account does not take
 * part in (403) and submissions without the collaboration role (403).
 */
export const selfInspectionEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/self-inspection/detail',
    summary: 'Self-inspection rows, node and supplier-account warning',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    query: flowNoQuery,
    handle: ({ deps, query, locale }) => selfInspectionDetail(deps.db, query.flowNo, locale),
  }),
  defineNodeWrite({
    path: '/v1/self-inspection/checklist/issue',
    summary: 'Issue the actual checklist template (row owner, status 10)',
    tag,
    node,
    caller: rowOwnerInTransaction,
    body: checklistIssueRequest,
    response: messageResponse,
    async handle({ deps, node, body, staff, locale }) {
      await issueChecklist(selfInspectionDeps(deps), node, body, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  defineNodeWrite({
    path: '/v1/self-inspection/audit-conclusion/submit',
    summary: 'Audit a submitted row: 40 reject, 50 approve (row owner, status 30)',
    tag,
    node,
    caller: rowOwnerInTransaction,
    body: auditConclusionRequest,
    response: messageResponse,
    // The last row's approval completes the node: its keyed retry may meet the node finished by its own completion.
    completes: (locale) => messageOf('operationSuccess', locale),
    ownCompletion: async ({ deps, ref, body, staff }) =>
      body.approveStatus === APPROVE_STATUS.APPROVED && (await ownConclusionOnRecord(deps.db, ref.flowNo, body, staff)) !== undefined,
    async handle({ deps, node, body, staff, locale }) {
      await submitAuditConclusion(selfInspectionDeps(deps), node, body, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  defineNodeWrite({
    path: '/v1/self-inspection/finish-node',
    summary: 'Complete the node once every row is approved (principal)',
    tag,
    node,
    response: messageResponse,
    completes: (locale) => messageOf('operationSuccess', locale),
    async handle({ deps, node, staff }) {
      await finishSelfInspection(selfInspectionDeps(deps), node, staff);
    },
  }),

  defineEndpoint({
    method: 'post',
    path: '/v1/self-inspection/checklist/page',
    summary: "The supplier's issued checklist rows of a flow",
    tag,
    auth: 'portal',
    body: checklistPageRequest,
    handle: ({ deps, portal, body, locale }) => supplierChecklistPage(deps.db, portal, body, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/self-inspection/checklist/detail',
    summary: 'One issued checklist row (supplier)',
    tag,
    auth: 'portal',
    query: aidQuery,
    handle: ({ deps, portal, query, locale }) => supplierChecklistDetail(deps.db, portal, query.aid, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/self-inspection/checklist/template',
    summary: 'Download the issued template of an own row (supplier)',
    tag,
    auth: 'portal',
    query: aidQuery,
    async respond({ deps, portal, query }, _req, res) {
      const file = await openIssuedTemplate(deps, portal, query.aid);
      await sendFile(res, file, file.fileName);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/self-inspection/checklist/submit',
    summary: 'Submit the document and self score (collaboration role, status 20)',
    tag,
    auth: 'portal',
    body: checklistSubmitRequest,
    response: messageResponse,
    async handle({ deps, portal, body, locale }) {
      await submitChecklist(selfInspectionDeps(deps), portal, body);
      return messageOf('selfInspectionSubmitted', locale);
    },
  }),
];

import { ROUTES } from '#domain/permissions.ts';
import { APPROVE_STATUS } from '#domain/cert-flow/nodes/self-inspection.ts';
import { SELF_INSPECTION } from '#domain/contracts/self-inspection.ts';
import { rowOwnerInTransaction } from '#services/cert-flow/node-work.ts';
import { selfInspectionDetail } from '#services/self-inspection/detail.ts';
import { finishSelfInspection, issueChecklist, ownConclusionOnRecord, submitAuditConclusion } from '#services/self-inspection/staff-actions.ts';
import { openIssuedTemplate, submitChecklist, supplierChecklistDetail, supplierChecklistPage } from '#services/self-inspection/supplier-actions.ts';
import type { SelfInspectionDeps } from '#services/self-inspection/deps.ts';
import type { AppDeps } from '../deps.ts';
import { implement, implementResponding } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';
import { sendFile } from '../common/file-response.ts';

const selfInspectionDeps = (deps: AppDeps): SelfInspectionDeps => ({
  db: deps.db,
  mailer: deps.mailer,
  flows: deps.flows,
  files: deps.files,
  publicUrl: deps.config.publicUrl,
});

const node = 'SELF_INSPECTION';

/**
 * The self-inspection node (req flow §7.4). Staff: row ownership is checked by the services with the
 * row locked. Suppliers (portal session): the services refuse rows of flows the account does not take
 * part in (403) and submissions without the collaboration role (403).
 */
export const selfInspectionEndpoints = [
  implement(SELF_INSPECTION.detail, { permissions: [ROUTES.certFlowDetail], handle: ({ deps, query, locale }) => selfInspectionDetail(deps.db, query.flowNo, locale) }),
  implementNodeWrite(SELF_INSPECTION.issue, {
    node,
    caller: rowOwnerInTransaction,
    async handle({ deps, node, body, staff, locale }) {
      await issueChecklist(selfInspectionDeps(deps), node, body, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  implementNodeWrite(SELF_INSPECTION.audit, {
    node,
    caller: rowOwnerInTransaction,
    // The last row's approval completes the node: its keyed retry may meet the node finished by its own completion.
    completes: (locale) => messageOf('operationSuccess', locale),
    ownCompletion: async ({ deps, ref, body, staff }) =>
      body.approveStatus === APPROVE_STATUS.APPROVED && (await ownConclusionOnRecord(deps.db, ref.flowNo, body, staff)) !== undefined,
    async handle({ deps, node, body, staff, locale }) {
      await submitAuditConclusion(selfInspectionDeps(deps), node, body, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  implementNodeWrite(SELF_INSPECTION.finish, {
    node,
    completes: (locale) => messageOf('operationSuccess', locale),
    async handle({ deps, node, staff }) {
      await finishSelfInspection(selfInspectionDeps(deps), node, staff);
    },
  }),
  implement(SELF_INSPECTION.checklistPage, { handle: ({ deps, portal, body, locale }) => supplierChecklistPage(deps.db, portal, body, locale) }),
  implement(SELF_INSPECTION.checklistDetail, { handle: ({ deps, portal, query, locale }) => supplierChecklistDetail(deps.db, portal, query.aid, locale) }),
  implementResponding(SELF_INSPECTION.template, {
    async respond({ deps, portal, query }, _req, res) {
      const file = await openIssuedTemplate(deps, portal, query.aid);
      await sendFile(res, file, file.fileName);
    },
  }),
  implement(SELF_INSPECTION.submit, {
    async handle({ deps, portal, body, locale }) {
      await submitChecklist(selfInspectionDeps(deps), portal, body);
      return messageOf('selfInspectionSubmitted', locale);
    },
  }),
];

import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { withParams } from '#domain/messages.ts';
import { VDA_AUDIT, PORTAL_STANDARDS } from '#domain/contracts/standards.ts';
import { vdaElementRef } from '#domain/vda63/audit.ts';
import { readCatalogue, reviseCatalogue } from '#services/vda-audit/catalogue.ts';
import { vdaAuditDetail } from '#services/vda-audit/detail.ts';
import { saveVdaExperts, vdaPrincipalOnly } from '#services/vda-audit/experts.ts';
import { saveVdaScores, vdaElementExpertOnly } from '#services/vda-audit/score.ts';
import { closeVdaAction, createVdaAction, vdaQuestionExpertOnly } from '#services/vda-audit/actions.ts';
import { answerVdaAction, portalVdaActions } from '#services/vda-audit/portal-actions.ts';
import { completeVdaAudit } from '#services/vda-audit/complete.ts';
import { vdaAuditReport } from '#services/vda-audit/report.ts';
import { z } from 'zod';
import { flowNoField } from '#domain/cert-flow/flow-no.ts';
import { implement, implementResponding } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';
import { sendGenerated } from '../common/file-response.ts';
import type { AppDeps } from '../deps.ts';

const node = 'SYSTEM_CERT';
const mailDeps = (deps: AppDeps) => ({ db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl });
/** The catalogue is read where scenarios are configured and where audits are worked. */
const CATALOGUE_READERS = [ROUTES.scenarioConfig, ROUTES.certFlowDetail, PERMISSIONS.certProcessManageAll];

/**
 * The VDA 6.3 process audit in system certification (req flow §10). Reads need the progress page's route key; each
 * write names who may make it (the purchasing manager, the element's expert); the supplier answers on the portal.
 */
export const vdaAuditEndpoints = [
  implement(VDA_AUDIT.catalogue, { permissions: CATALOGUE_READERS, handle: ({ deps, staff }) => readCatalogue(deps.db, staff) }),
  implement(VDA_AUDIT.revise, {
    permissions: [PERMISSIONS.certProcessManageAll],
    async handle({ deps, body, staff, locale }) {
      const { version } = await reviseCatalogue(deps.db, body, staff);
      return { version, ...messageOf(withParams('vdaCatalogueRevised', { version }), locale) };
    },
  }),
  implement(VDA_AUDIT.detail, { permissions: [ROUTES.certFlowDetail], handle: ({ deps, query, staff, locale }) => vdaAuditDetail(deps.db, query.flowNo, staff, locale) }),
  implementResponding(VDA_AUDIT.report, {
    permissions: [ROUTES.certFlowDetail],
    async respond({ deps, query, locale }, _req, res) {
      await sendGenerated(res, await vdaAuditReport(deps.db, query.flowNo, locale));
    },
  }),
  implementNodeWrite(VDA_AUDIT.experts, {
    node,
    caller: vdaPrincipalOnly,
    async handle({ deps, node, body, staff, locale }) {
      await saveVdaExperts(mailDeps(deps), node, body, staff);
      return messageOf('vdaExpertsSaved', locale);
    },
  }),
  implementNodeWrite(VDA_AUDIT.score, {
    node,
    ref: vdaElementRef,
    caller: vdaElementExpertOnly,
    async handle({ deps, node, body, staff, locale }) {
      await saveVdaScores(mailDeps(deps), node, body, staff);
      return messageOf(body.submit ? 'vdaElementHandedIn' : 'vdaSaved', locale);
    },
  }),
  implementNodeWrite(VDA_AUDIT.action, {
    node,
    ref: z.object({ flowNo: flowNoField, questionId: z.string().trim().max(16, 'invalidValue') }),
    caller: vdaQuestionExpertOnly,
    async handle({ deps, node, body, staff, locale }) {
      await createVdaAction(mailDeps(deps), node, body, staff);
      return messageOf('vdaActionCreated', locale);
    },
  }),
  implement(VDA_AUDIT.closeAction, {
    permissions: [ROUTES.certFlowDetail],
    async handle({ deps, body, staff, locale }) {
      await closeVdaAction(mailDeps(deps), body, staff);
      return messageOf(body.decision === 'CLOSE' ? 'vdaActionClosedMessage' : 'vdaActionReturnedMessage', locale);
    },
  }),
  implementNodeWrite(VDA_AUDIT.complete, {
    node,
    caller: vdaPrincipalOnly,
    completes: (locale) => messageOf('vdaCompleted', locale),
    async handle({ deps, node, staff }) {
      await completeVdaAudit(deps, node, staff);
    },
  }),
  implement(PORTAL_STANDARDS.actions, { handle: ({ deps, portal, locale }) => portalVdaActions(deps.db, portal, locale) }),
  implement(PORTAL_STANDARDS.answerAction, {
    async handle({ deps, portal, body, locale }) {
      await answerVdaAction(mailDeps(deps), portal, body);
      return messageOf('vdaActionAnsweredMessage', locale);
    },
  }),
];

import { ROUTES } from '#domain/permissions.ts';
import { saveExpertRequest, saveScoreRequest, systemCertItemRef } from '#domain/cert-flow/nodes/system-cert.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import { systemCertDetail } from '#services/system-cert/detail.ts';
import { purchaseManagerOnly, saveExperts } from '#services/system-cert/experts.ts';
import { itemExpertOnly, saveScore } from '#services/system-cert/score.ts';
import { completeSystemCert, systemCertCompleterOnly } from '#services/system-cert/complete.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';

const tag = 'certification flow';
const node = 'SYSTEM_CERT';

/**
 * System certification (spec 2 §7.5). Every call needs the progress page's route key; each write
 * names who may make it (purchasing manager, the item's expert, the completer).
 */
export const systemCertEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/system-cert/task-detail',
    summary: 'System certification items, step and what the caller may do',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    query: flowNoQuery,
    handle: ({ deps, query, staff, locale }) => systemCertDetail(deps.db, query.flowNo, staff, locale),
  }),
  defineNodeWrite({
    path: '/v1/system-cert/save-expert',
    summary: 'Assign the review experts (purchasing manager)',
    tag,
    node,
    caller: purchaseManagerOnly,
    body: saveExpertRequest,
    response: messageResponse,
    async handle({ deps, node, body, staff, locale }) {
      await saveExperts({ db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, node, body, staff);
      return messageOf('systemCertSaved', locale);
    },
  }),
  defineNodeWrite({
    path: '/v1/system-cert/save',
    summary: "Submit one dimension's scores (its expert only)",
    tag,
    node,
    ref: systemCertItemRef,
    caller: itemExpertOnly,
    body: saveScoreRequest,
    response: messageResponse,
    async handle({ deps, node, body, staff, locale }) {
      await saveScore({ db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, node, body, staff);
      return messageOf('systemCertSubmitted', locale);
    },
  }),
  defineNodeWrite({
    path: '/v1/system-cert/complete',
    summary: 'Complete system certification (quality expert, else purchasing manager)',
    tag,
    node,
    caller: systemCertCompleterOnly,
    response: messageResponse,
    completes: (locale) => messageOf('systemCertSubmitted', locale),
    async handle({ deps, node, staff }) {
      await completeSystemCert(deps, node, staff);
    },
  }),
];

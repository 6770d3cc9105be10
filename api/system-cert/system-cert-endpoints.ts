import { ROUTES } from '#domain/permissions.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { systemCertItemRef } from '#domain/cert-flow/nodes/system-cert.ts';
import { systemCertDetail } from '#services/system-cert/detail.ts';
import { purchaseManagerOnly, saveExperts } from '#services/system-cert/experts.ts';
import { itemExpertOnly, saveScore } from '#services/system-cert/score.ts';
import { completeSystemCert, systemCertCompleterOnly } from '#services/system-cert/complete.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';

const node = 'SYSTEM_CERT';

/**
 * System certification (req flow §7.5). Every call needs the progress page's route key; each write
 * names who may make it (purchasing manager, the item's expert, the completer).
 */
export const systemCertEndpoints = [
  implement(FLOW_NODES.systemCert, { permissions: [ROUTES.certFlowDetail], handle: ({ deps, query, staff, locale }) => systemCertDetail(deps.db, query.flowNo, staff, locale) }),
  implementNodeWrite(FLOW_NODES.systemCertExperts, {
    node,
    caller: purchaseManagerOnly,
    async handle({ deps, node, body, staff, locale }) {
      await saveExperts({ db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, node, body, staff);
      return messageOf('systemCertSaved', locale);
    },
  }),
  implementNodeWrite(FLOW_NODES.systemCertScore, {
    node,
    ref: systemCertItemRef,
    caller: itemExpertOnly,
    async handle({ deps, node, body, staff, locale }) {
      await saveScore({ db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, node, body, staff);
      return messageOf('systemCertSubmitted', locale);
    },
  }),
  implementNodeWrite(FLOW_NODES.systemCertComplete, {
    node,
    caller: systemCertCompleterOnly,
    completes: (locale) => messageOf('systemCertSubmitted', locale),
    async handle({ deps, node, staff }) {
      await completeSystemCert(deps, node, staff);
    },
  }),
];

import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { invitationMail } from '#adapters/mail/templates.ts';
import { NODE_STAGE, STAGE, type NodeCode, type Stage } from '#domain/cert-flow/enums.ts';
import type { Locale } from '#domain/i18n.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { ensureTask, logOnce, markFlowEnded, markNodeFinished, markNodeOpen, SYSTEM_ACTOR } from '#services/cert-flow/projection.ts';
import type { Actor } from '#workflows/definitions.ts';

export interface CertFlowActivityDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  appSecret: string;
}

/**
 * The only code the certification workflow runs that touches the outside world. Every activity is
 * idempotent (derived keys, `on conflict do nothing`, conditional updates), so Temporal may retry it.
 */
export function createCertFlowActivities(deps: CertFlowActivityDeps) {
  const { db } = deps;

  async function loadFlow(flowNo: string) {
    return db.selectFrom('cert_flow').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  }

  async function openRfi(flowNo: string): Promise<void> {
    const flow = await loadFlow(flowNo);
    if (!flow.contact_email) return; // expansion without e-mail: staff re-issue once a contact has one
    const locale = flow.locale as Locale;
    const { applyNo, temp, inviteSeq } = await issueRfiInvitation(db, {
      flowNo,
      email: flow.contact_email,
      locale,
      secret: deps.appSecret,
    });
    await ensureTask(db, {
      flowNo,
      nodeCode: 'RFI',
      taskType: 'REGISTER_RFI',
      taskName: 'RFI',
      principalJobNumber: flow.purchase_job_number,
      applyNo,
    });
    const mail = invitationMail({ supplierName: flow.supplier_name, link: `${deps.publicUrl}/client/login/${temp}`, locale });
    await deps.mailer.send({ dedupeKey: `rfi-invite:${applyNo}:${inviteSeq}`, to: flow.contact_email, locale, ...mail });
  }

  return {
    async openNode(input: { flowNo: string; nodeCode: NodeCode }): Promise<void> {
      const { flowNo, nodeCode } = input;
      await markNodeOpen(db, flowNo, nodeCode, NODE_STAGE[nodeCode]);
      if (nodeCode === 'RFI') await openRfi(flowNo);
      await logOnce(db, {
        dedupeKey: `open:${flowNo}:${nodeCode}`,
        flowNo,
        actor: SYSTEM_ACTOR,
        action: 'OPEN_NODE',
        description: `${nodeCode} opened`,
      });
    },

    async closeNode(input: { flowNo: string; nodeCode: NodeCode; actor?: Actor; outcome: 'pass' | 'fail' }): Promise<void> {
      const { flowNo, nodeCode } = input;
      await markNodeFinished(db, flowNo, nodeCode);
      await logOnce(db, {
        dedupeKey: `close:${flowNo}:${nodeCode}`,
        flowNo,
        actor: input.actor ?? SYSTEM_ACTOR,
        action: 'COMPLETE_NODE',
        description: `${nodeCode} completed${input.outcome === 'fail' ? ' (failed)' : ''}`,
      });
    },

    async endFlow(input: { flowNo: string; stage: Stage; actor?: Actor; reason?: string }): Promise<void> {
      const { flowNo, stage } = input;
      await markFlowEnded(db, flowNo, stage);
      await logOnce(db, {
        dedupeKey: `end:${flowNo}`,
        flowNo,
        actor: input.actor ?? SYSTEM_ACTOR,
        action: stage === STAGE.TERMINATED ? 'TERMINATE' : 'FINISH',
        description: stage === STAGE.TERMINATED ? `terminated${input.reason ? `: ${input.reason}` : ''}` : 'finished',
      });
    },
  };
}

export type CertFlowActivities = ReturnType<typeof createCertFlowActivities>;

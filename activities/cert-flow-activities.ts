import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import { invitationMail, rfiReturnedMail } from '#adapters/mail/templates.ts';
import { mailStaffTask } from '#services/mail/staff-task-mail.ts';
import type { NodeCode, Stage } from '#domain/cert-flow/enums.ts';
import { hasEnded } from '#domain/cert-flow/rules.ts';
import type { Locale } from '#domain/i18n.ts';
import { invitationTemp, issueRfiInvitation } from '#services/rfi/invitation.ts';
import { ensureQuestionnaireTask, markQuestionnairePassed, openRfiReviewTasks, recordReviewDecision, returnQuestionnaire } from '#services/rfi/review.ts';
import { RFI_TASK_NAME, type RfiReviewKind } from '#domain/cert-flow/tasks.ts';
import { flowDetailPath, rfiAuditPath, supplierLoginPath } from '#domain/rfi/routes.ts';
import { NODE_PRINCIPAL_ROLE, NODE_TASK_NAME } from '#domain/cert-flow/node-principals.ts';
import { flowRoleHolder } from '#services/cert-flow/roles.ts';
import { applyAssignments } from '#services/cert-flow/reassign.ts';
import { activityInfo } from '@temporalio/activity';
import { ensureSupplierAccount, mailNewSupplierAccount } from '#services/supplier-portal/accounts.ts';
import { dueTimeInPlan, ensureTask, ensureTaskEnd, markFlowEnded, markNodeFinished, markNodeOpen, markNodeReturned } from '#services/cert-flow/projection.ts';
import { DEFAULT_PUBLICITY_SECONDS } from '#domain/cert-flow/publicity-period.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import type { StaffActor } from '#domain/identity.ts';
import { openSystemCert } from '#services/system-cert/open.ts';
import { openSampleCert } from '#services/ppap/open.ts';
import { openSelfInspection } from '#services/self-inspection/rows.ts';
import { openIssueTasks } from '#services/self-inspection/tasks.ts';
import { flowPublicitySeconds } from '#services/scenario/scenario-read.ts';
import { NODE_BEHAVIOUR } from '#domain/cert-flow/node-behaviour.ts';
import { loadCalendar } from '#services/calendar/working-calendar.ts';

/** A node principal's open task and who holds it. */
interface PrincipalTask {
  taskNo: string;
  jobNumber: string;
}

export interface CertFlowActivityDeps {
  db: Db;
  mailer: Mailer;
  /** Creates the vendor and its supplier code once the supplier-code application is approved. */
  erp: ErpClient;
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

  async function openRfi(flowNo: string, inviteSeq = 1): Promise<void> {
    const flow = await loadFlow(flowNo);
    const locale = flow.locale as Locale;
    // An expansion may have no e-mail (req flow §5.1): the questionnaire exists for staff to fill in
    // expand mode (req rfi §7), and nobody is mailed.
    const { applyNo, temp } = await issueRfiInvitation(db, {
      flowNo,
      email: flow.contact_email ?? '',
      locale,
      secret: deps.appSecret,
      inviteSeq,
    });
    await ensureQuestionnaireTask(db, { flowNo, applyNo, principalJobNumber: flow.purchase_job_number, round: 1 });
    if (!flow.contact_email) return;
    const mail = invitationMail({ supplierName: flow.supplier_name, link: `${deps.publicUrl}${supplierLoginPath(temp)}`, locale });
    await deps.mailer.send({ dedupeKey: `rfi-invite:${applyNo}:${inviteSeq}`, to: flow.contact_email, locale, ...mail });
  }

  /**
   * A node other than RFI is one task for its principal (req flow §6), who is told by mail; a node opened
   * again after a return gets a task of its own (numbered by the visit), told again.
   */
  /** The principal's task of the node's `visit`-th opening, made once; none while the node has no principal. */
  async function ensurePrincipalTask(flowNo: string, nodeCode: NodeCode, visit = 1, endTime?: Date, dueFrom?: Date): Promise<PrincipalTask | undefined> {
    const role = NODE_PRINCIPAL_ROLE[nodeCode];
    const holder = role && (await flowRoleHolder(db, flowNo, role));
    if (!holder) return undefined;
    const taskNo = await ensureTask(db, {
      flowNo,
      nodeCode,
      taskType: 'NODE_PRINCIPAL',
      taskName: NODE_TASK_NAME[nodeCode].zh,
      principalJobNumber: holder.job_number,
      round: visit,
      endTime,
      dueFrom,
    });
    return { taskNo, jobNumber: holder.job_number };
  }

  /**
   * What a node's opening needs, in one read: the holder of its principal role with their mail address
   * and language, the supplier's name and the flow's plan (the due days). None while nobody holds the role.
   */
  async function principalOf(flowNo: string, nodeCode: NodeCode) {
    const role = NODE_PRINCIPAL_ROLE[nodeCode];
    if (!role) return undefined;
    const row = await db
      .selectFrom('cert_flow as f')
      .innerJoin('cert_flow_role as r', (j) => j.onRef('r.flow_no', '=', 'f.flow_no').on('r.role', '=', role))
      .leftJoin('staff as s', 's.job_number', 'r.job_number')
      .select(['f.supplier_name', 'f.node_plan', 'r.job_number', 's.email', 's.locale'])
      .where('f.flow_no', '=', flowNo)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      jobNumber: row.job_number,
      supplierName: row.supplier_name,
      plan: row.node_plan,
      recipient: row.locale === null ? null : { email: row.email, locale: row.locale },
    };
  }

  /** Tells the principal of their task; keyed by the person too, a retry tells nobody twice. */
  async function mailPrincipalTask(flowNo: string, nodeCode: NodeCode, { taskNo, jobNumber }: PrincipalTask): Promise<void> {
    const flow = await loadFlow(flowNo);
    await mailStaffTask(deps, {
      jobNumber,
      // Keyed by the person too: a principal given the node by transfer is told, a retry tells nobody twice.
      dedupeKey: `task:${taskNo}:${jobNumber}`,
      taskName: (locale) => NODE_TASK_NAME[nodeCode][locale],
      flowNo,
      supplierName: flow.supplier_name,
      path: flowDetailPath(flowNo, nodeCode),
    });
  }

  async function openPrincipalTask(flowNo: string, nodeCode: NodeCode, visit = 1, endTime?: Date): Promise<string | undefined> {
    const task = await ensurePrincipalTask(flowNo, nodeCode, visit, endTime);
    if (task) await mailPrincipalTask(flowNo, nodeCode, task);
    return task?.taskNo;
  }

  /**
   * PUBLICITY runs for its scenario version's period from its opening (req flow §4.6): the end is its task's
   * end time, the countdown's and the workflow timer's. `openedAt` is the workflow's time, the same on
   * every retry; the end a first attempt stored is the one answered.
   */
  async function openPublicity(flowNo: string, visit: number, openedAt: number): Promise<{ endTime: string }> {
    const end = new Date(openedAt + ((await flowPublicitySeconds(db, flowNo)) ?? DEFAULT_PUBLICITY_SECONDS) * 1000);
    const taskNo = await openPrincipalTask(flowNo, 'PUBLICITY', visit, end);
    const stored = taskNo && (await db.selectFrom('cert_task').select('end_time').where('task_no', '=', taskNo).executeTakeFirst())?.end_time;
    return { endTime: new Date(stored ?? end).toISOString() };
  }

  /**
   * Each node's own work when it opens and when it closes, beyond what every node does (its principal's task,
   * its state and history row); how it behaves otherwise is domain/cert-flow/node-behaviour.ts.
   */
  const NODE_STEPS: Partial<Record<NodeCode, { open?(flowNo: string, visit: number, openedAt: number): Promise<{ endTime: string } | void>; close?(flowNo: string): Promise<void> }>> = {
    RFI: {
      async open(flowNo) {
        await openRfi(flowNo);
      },
      async close(flowNo) {
        await markQuestionnairePassed(db, flowNo);
        await ensureSupplierAccount(db, flowNo);
        await mailNewSupplierAccount(deps, flowNo);
      },
    },
    PUBLICITY: { open: (flowNo, visit, openedAt) => openPublicity(flowNo, visit, openedAt) },
    SYSTEM_CERT: {
      async open(flowNo) {
        await openSystemCert(db, flowNo);
      },
    },
    SAMPLE_CERT: {
      async open(flowNo) {
        await openSampleCert(deps, flowNo);
      },
    },
    SELF_INSPECTION: {
      async open(flowNo) {
        await openSelfInspection(db, flowNo);
        await openIssueTasks(deps, flowNo);
      },
    },
  };

  return {
    /**
     * Opens the node (its `visit`-th opening, 1 unless returned to). PUBLICITY answers the end of its
     * period, which the workflow waits for; another node opened at the workflow's `openedAt` answers its
     * principal task's due time, which the workflow reminds of (none without due days or a principal).
     */
    async openNode(input: { flowNo: string; nodeCode: NodeCode; visit?: number; openedAt?: number }): Promise<{ endTime?: string }> {
      const { flowNo, nodeCode } = input;
      const visit = input.visit ?? 1;
      // The principal's task first: a node that shows in progress can be worked by its principal at once
      // (the other order refused them for a moment, 403, as the node had no principal yet). The mail goes
      // once the node is open, so the link it carries opens a node in progress.
      const principal = NODE_BEHAVIOUR[nodeCode].principalTask === 'onOpen' ? await principalOf(flowNo, nodeCode) : undefined;
      const task = principal
        ? await ensureTaskEnd(db, {
            flowNo,
            nodeCode,
            taskType: 'NODE_PRINCIPAL',
            taskName: NODE_TASK_NAME[nodeCode].zh,
            principalJobNumber: principal.jobNumber,
            round: visit,
            endTime: dueTimeInPlan(principal.plan, nodeCode, input.openedAt === undefined ? undefined : new Date(input.openedAt), await loadCalendar(db)),
          })
        : undefined;
      await markNodeOpen(db, flowNo, nodeCode, visit, new Date(), task?.endTime ? new Date(task.endTime) : null);
      if (principal && task) {
        await mailStaffTask(deps, {
          jobNumber: principal.jobNumber,
          dedupeKey: `task:${task.taskNo}:${principal.jobNumber}`,
          taskName: (locale) => NODE_TASK_NAME[nodeCode][locale],
          flowNo,
          supplierName: principal.supplierName,
          path: flowDetailPath(flowNo, nodeCode),
          recipient: principal.recipient,
        });
      }
      // A node running for a period answers its end, which the workflow waits for.
      const own = await NODE_STEPS[nodeCode]?.open?.(flowNo, visit, input.openedAt ?? Date.now());
      if (own) return own;
      // The stored due time: a retry, or a task made before (a transfer), keeps the one first set.
      if (input.openedAt === undefined || !task?.endTime) return {};
      return { endTime: new Date(task.endTime).toISOString() };
    },

    /** The open node is returned to the one before it (PUBLICITY to KCP2), which the workflow opens next. */
    async returnNode(input: { flowNo: string; nodeCode: NodeCode; visit: number; actor: StaffActor }): Promise<void> {
      await markNodeReturned(db, input);
    },

    async closeNode(input: { flowNo: string; nodeCode: NodeCode; actor?: StaffActor; outcome: 'pass' | 'fail'; visit?: number }): Promise<void> {
      const { flowNo, nodeCode } = input;
      await markNodeFinished(db, input);
      await NODE_STEPS[nodeCode]?.close?.(flowNo);
    },

    /** A fresh invitation link (REGISTER_RFI 're-issue'): the old link stops working. */
    async reissueRfiLink(input: { flowNo: string; inviteSeq: number; actor: StaffActor }): Promise<void> {
      await openRfi(input.flowNo, input.inviteSeq);
      await writeHistory(db, {
        relation: flowLogOf(input.flowNo),
        dedupeKey: `reissue:${input.flowNo}:${input.inviteSeq}`,
        actor: input.actor,
        action: 'REISSUE_RFI',
        description: 'RFI邀请已重新发送',
      });
    },

    /** The supplier submitted: a review task each for purchasing and the CMT leader, mailed to them. */
    async openRfiReview(input: { flowNo: string; round: number }): Promise<void> {
      const { tasks, applyNo, supplierName } = await openRfiReviewTasks(db, input.flowNo, input.round);
      for (const task of tasks) {
        await mailStaffTask(deps, {
          jobNumber: task.principal,
          dedupeKey: `task:${task.taskNo}`,
          taskName: (locale) => RFI_TASK_NAME[task.kind][locale],
          flowNo: input.flowNo,
          supplierName,
          path: rfiAuditPath({ applyNo, flowNo: input.flowNo, taskNo: task.taskNo }),
        });
      }
    },

    async recordRfiReview(input: { flowNo: string; round: number; reviewType: RfiReviewKind; decision: 'pass' | 'reject'; reason?: string; actor: StaffActor }): Promise<void> {
      await recordReviewDecision(db, { ...input, kind: input.reviewType });
    },

    /** A rejection: the questionnaire goes back to the supplier with the reason, by mail. */
    async returnRfi(input: { flowNo: string; round: number; reason: string; actor?: StaffActor }): Promise<void> {
      const app = await returnQuestionnaire(db, input);
      const flow = await loadFlow(input.flowNo);
      const locale = app.locale as Locale;
      const temp = invitationTemp(deps.appSecret, app.apply_no, app.invite_seq);
      const mail = rfiReturnedMail({ supplierName: flow.supplier_name, reason: input.reason, link: `${deps.publicUrl}${supplierLoginPath(temp)}`, locale });
      await deps.mailer.send({ dedupeKey: `rfi-returned:${app.apply_no}:${input.round}`, to: app.email, locale, ...mail });
    },

    /** Adjust owner / transfer: the workflow's activity id makes the history row's key, so a retry logs once. */
    async reassignRoles(input: { flowNo: string; assignments: { role: string; jobNumber: string; name: string }[]; actor: StaffActor }): Promise<void> {
      const info = activityInfo();
      await applyAssignments(db, { ...input, dedupeKey: `reassign:${input.flowNo}:${info.workflowExecution?.runId ?? ''}:${info.activityId}` });
      // A transfer to a role nobody held (req flow §4.9): the node in progress gets its task now (ensureTask is idempotent).
      const flow = await loadFlow(input.flowNo);
      const current = flow.current_node_code as NodeCode;
      const role = NODE_PRINCIPAL_ROLE[current];
      const open = !hasEnded(flow) && NODE_BEHAVIOUR[current].principalTask !== 'none';
      if (!open || !role || !input.assignments.some((a) => a.role === role)) return;
      const node = await db.selectFrom('cert_flow_node').select('visit').where('flow_no', '=', input.flowNo).where('node_code', '=', current).executeTakeFirst();
      await openPrincipalTask(input.flowNo, current, node?.visit ?? 1);
    },

    async endFlow(input: { flowNo: string; stage: Stage; actor?: StaffActor; reason?: string }): Promise<void> {
      await markFlowEnded(db, input);
    },
  };
}

export type CertFlowActivities = ReturnType<typeof createCertFlowActivities>;

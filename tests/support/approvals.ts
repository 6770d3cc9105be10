import { createApprovalActivities } from '#activities/approval-activities.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import type { Db } from '#db/connection.ts';
import { approvalTaskNo } from '#domain/cert-flow/approvals.ts';
import type { ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import type { StaffActor } from '#domain/identity.ts';
import { PM_ACTOR } from './drive-flow.ts';
import { testErp } from './erp.ts';
import { TEST_SECRET } from './workflow-harness.ts';

/**
 * An application's approval driven through the approval activities, as the flow and approval
 * workflows call them, for API suites that record the workflow instead of running it.
 */
function activities(db: Db) {
  return createApprovalActivities({ db, mailer: createOutboxMailer(db), erp: testErp(), publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
}

/** Opens round `round` of the application's approval and its first step (the application must be saved). */
export async function openTestApproval(db: Db, input: { flowNo: string; kind: ApprovalKind; round?: number }): Promise<{ approvalNo: string; taskNo: string }> {
  const acts = activities(db);
  const { flowNo, kind } = input;
  const { approvalNo, approvers } = await acts.openApproval({ flowNo, kind, round: input.round ?? 1, actor: PM_ACTOR });
  await acts.openApprovalStep({ flowNo, kind, round: input.round ?? 1, approvalNo, step: 1, approver: approvers[0] });
  return { approvalNo, taskNo: approvalTaskNo(approvalNo, 1) };
}

/** The first step's approver rejects with a reason, and the flow applies the outcome (the application rejected). */
export async function rejectTestApproval(db: Db, input: { flowNo: string; kind: ApprovalKind; approvalNo: string; reason: string }): Promise<void> {
  const acts = activities(db);
  const approver = await db.selectFrom('flow_approval_step').select(['job_number', 'name']).where('approval_no', '=', input.approvalNo).where('step', '=', 1).executeTakeFirstOrThrow();
  const actor: StaffActor = { id: approver.job_number, jobNumber: approver.job_number, name: approver.name };
  await acts.recordApprovalDecision({ ...input, round: 1, step: 1, decision: 'reject', actor });
  await acts.applyApprovalOutcome({ flowNo: input.flowNo, kind: input.kind, approvalNo: input.approvalNo, outcome: 'rejected' });
}

/** The flow ended while the approval ran: the flow withdraws it. */
export async function withdrawTestApproval(db: Db, input: { flowNo: string; kind: ApprovalKind; approvalNo: string }): Promise<void> {
  await activities(db).applyApprovalOutcome({ ...input, outcome: 'withdrawn' });
}

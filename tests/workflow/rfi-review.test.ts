import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { applyForRegistration } from '#services/cert-flow/apply.ts';
import { certFlowWorkflowId, rfiReviewUpdate, rfiSubmittedSignal, reissueRfiUpdate, stateQuery } from '#workflows/definitions.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { eventually, staffWith, validRegisterApply } from '../support/fixtures.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';
import { recordHistory } from '../support/histories.ts';

describe('the RFI node: submit, review, return, pass', () => {
  let h: WorkflowHarness;
  beforeAll(async () => {
    h = await startWorkflowHarness();
  });
  afterAll(() => h?.stop());

  async function newFlow() {
    const db = h.db.db;
    const applicant = await staffWith(db, PERMISSIONS.newApplyRfi);
    const input = await validRegisterApply(db, { contactEmail: `rfi-${Date.now()}@example.com` });
    const { flowNo } = await applyForRegistration({ db, flows: h.flows }, input, applicant, 'en');
    const handle = h.client.workflow.getHandle(certFlowWorkflowId(flowNo));
    // The RFI node is open once its activity has created the application (and mailed the link).
    await eventually(() => h.db.db.selectFrom('mail_outbox').select('id').where('to_address', '=', input.contactEmail).executeTakeFirst());
    const actor = { id: applicant.id, jobNumber: applicant.jobNumber, name: applicant.name };
    return { flowNo, handle, actor, email: input.contactEmail };
  }
  // What the submit endpoint records before it signals the workflow.
  const submit = async (flowNo: string, handle: Awaited<ReturnType<typeof newFlow>>['handle']) => {
    await h.db.db.updateTable('rfi_application').set({ status: 20 }).where('flow_no', '=', flowNo).execute();
    await handle.signal(rfiSubmittedSignal, { applyNo: `RFI${flowNo}` });
  };
  const tasksOf = (flowNo: string) =>
    h.db.db.selectFrom('cert_task').select(['task_no', 'task_type', 'status']).where('flow_no', '=', flowNo).orderBy('task_no').execute();

  it('a rejection returns the questionnaire with the reason; a second round that passes opens APTITUDE', async () => {
    const { flowNo, handle, actor, email } = await newFlow();
    await submit(flowNo, handle);
    await eventually(async () => (await tasksOf(flowNo)).filter((t) => t.task_type.endsWith('_REVIEW')).length === 2);

    await handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'PURCHASE_REVIEW', decision: 'pass', actor }] });
    await handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'CMT_REVIEW', decision: 'reject', reason: 'Finance figures missing', actor }] });

    const returned = await eventually(() =>
      h.db.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).where('subject', 'like', '%returned%').executeTakeFirst(),
    );
    expect(returned.text_body).toContain('Finance figures missing');
    const app = await h.db.db.selectFrom('rfi_application').select('status').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(app.status).toBe(30);
    expect((await handle.query(stateQuery)).rfi).toMatchObject({ phase: 'filling', round: 2 });

    // Round 2: both pass; the RFI node completes and APTITUDE opens.
    await submit(flowNo, handle);
    await eventually(async () => (await handle.query(stateQuery)).rfi.phase === 'review');
    await handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'PURCHASE_REVIEW', decision: 'pass', actor }] });
    // The review that passes the round answers once the node is closed and APTITUDE open.
    const state = await handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'CMT_REVIEW', decision: 'pass', actor }] });
    expect(state).toMatchObject({ currentNode: 'APTITUDE', nodeOpen: true });

    const nodes = await h.db.db.selectFrom('cert_flow_node').select(['node_code', 'status']).where('flow_no', '=', flowNo).orderBy('seq').execute();
    expect(nodes.slice(1, 3)).toEqual([
      { node_code: 'RFI', status: 20 },
      { node_code: 'APTITUDE', status: 11 },
    ]);
    const tasks = await tasksOf(flowNo);
    expect(tasks.filter((t) => t.task_type === 'CMT_REVIEW').map((t) => t.task_no)).toEqual([`${flowNo}-RFI-CMT_REVIEW`, `${flowNo}-RFI-CMT_REVIEW-2`]);
    expect(tasks.filter((t) => t.status !== 30 && t.task_no.includes('-RFI-'))).toEqual([]);
    const passed = await h.db.db.selectFrom('rfi_application').select('status').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(passed.status).toBe(40);

    // APTITUDE is the purchasing manager's task, and the manager is told by mail.
    const aptitude = await h.db.db.selectFrom('cert_task').selectAll().where('flow_no', '=', flowNo).where('node_code', '=', 'APTITUDE').executeTakeFirst();
    expect(aptitude).toMatchObject({ task_type: 'NODE_PRINCIPAL', status: 20, principal_job_number: actor.jobNumber });
    await recordHistory('rfi-rejected-then-passed', handle);
  });

  it('refuses a review before submission, a second review of the same task, and a rejection without reason', async () => {
    const { flowNo, handle, actor } = await newFlow();
    await expect(handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'PURCHASE_REVIEW', decision: 'pass', actor }] })).rejects.toThrow(
      WorkflowUpdateFailedError,
    );
    await submit(flowNo, handle);
    await eventually(async () => (await handle.query(stateQuery)).rfi.phase === 'review');
    await expect(handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'CMT_REVIEW', decision: 'reject', reason: ' ', actor }] })).rejects.toThrow(
      WorkflowUpdateFailedError,
    );
    await handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'CMT_REVIEW', decision: 'pass', actor }] });
    await expect(handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'CMT_REVIEW', decision: 'pass', actor }] })).rejects.toThrow(
      WorkflowUpdateFailedError,
    );
    // Re-issue is for a questionnaire still being filled.
    await expect(handle.executeUpdate(reissueRfiUpdate, { args: [{ actor }] })).rejects.toThrow(WorkflowUpdateFailedError);
  });

  it('re-issue mails a fresh link and the old one stops working', async () => {
    const { flowNo, handle, actor, email } = await newFlow();
    const before = await h.db.db.selectFrom('rfi_application').select('temp_hash').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    await handle.executeUpdate(reissueRfiUpdate, { args: [{ actor }] });
    const after = await h.db.db.selectFrom('rfi_application').select(['temp_hash', 'invite_seq']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(after.invite_seq).toBe(2);
    expect(after.temp_hash).not.toBe(before.temp_hash);
    const mails = await h.db.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).orderBy('id').execute();
    expect(mails).toHaveLength(2);
    expect(mails[0].text_body).not.toBe(mails[1].text_body);
    await recordHistory('rfi-reissued', handle);
  });
});

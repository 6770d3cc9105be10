import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyForRegistration } from '#services/cert-flow/apply.ts';
import { certFlowWorkflowId, stateQuery } from '#workflows/definitions.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { eventually, staffWith, validRegisterApply } from '../support/fixtures.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

describe('certificationFlow on a real Temporal server', () => {
  let h: WorkflowHarness;
  beforeAll(async () => {
    h = await startWorkflowHarness();
  });
  afterAll(() => h?.stop());

  it('apply → workflow running → RFI open → invitation in the outbox', async () => {
    const db = h.db.db;
    const applicant = await staffWith(db, PERMISSIONS.newApplyRfi);
    const input = await validRegisterApply(db);
    const { flowNo } = await applyForRegistration({ db, flows: h.flows }, input, applicant, 'zh');

    const mail = await eventually(() => db.selectFrom('mail_outbox').selectAll().where('to_address', '=', input.contactEmail).executeTakeFirst());
    expect(mail.text_body).toMatch(/\/client\/login\/[A-Za-z0-9_-]{40,}/);
    expect(mail.locale).toBe('zh');

    const handle = h.client.workflow.getHandle(certFlowWorkflowId(flowNo));
    expect((await handle.describe()).status.name).toBe('RUNNING');
    expect(await handle.query(stateQuery)).toMatchObject({ currentNode: 'RFI', finishedNodes: ['START'] });

    const flow = await db.selectFrom('cert_flow').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.current_node_code).toBe('RFI');
    const nodes = await db.selectFrom('cert_flow_node').select(['node_code', 'status']).where('flow_no', '=', flowNo).orderBy('seq').execute();
    expect(nodes.slice(0, 3)).toEqual([
      { node_code: 'START', status: 20 },
      { node_code: 'RFI', status: 11 },
      { node_code: 'APTITUDE', status: 10 },
    ]);
    const task = await db.selectFrom('cert_task').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(task).toMatchObject({ task_type: 'REGISTER_RFI', status: 20, principal_job_number: applicant.jobNumber });

    // Findable in the Temporal UI by its business key.
    const found = await eventually(async () => {
      for await (const wf of h.client.workflow.list({ query: `FlowNo = '${flowNo}' AND CurrentNode = 'RFI'` })) return wf;
      return undefined;
    });
    expect(found.workflowId).toBe(`cert-flow-${flowNo}`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { createCertFlowWorker } from '#activities/worker.ts';
import { createTemporalFlowGateway } from '#api/cert-flow/temporal-flow-gateway.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { applyForRegistration } from '#services/cert-flow/apply.ts';
import { certFlowWorkflowId, stateQuery } from '#workflows/definitions.ts';
import type { DbHandle } from '#db/connection.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { createTestDb } from '../support/test-db.ts';
import { startTestTemporal, workflowBundle, type TestTemporal } from '../support/temporal.ts';
import { eventually, staffWith, validRegisterApply } from '../support/fixtures.ts';

const TASK_QUEUE = `test-${process.pid}`;

describe('certificationFlow on a real Temporal server', () => {
  let temporal: TestTemporal;
  let dbh: DbHandle;
  let worker: Worker;
  let running: Promise<void>;
  let client: Client;

  beforeAll(async () => {
    [temporal, dbh] = await Promise.all([startTestTemporal(), createTestDb()]);
    const created = await createCertFlowWorker({
      address: temporal.server.address,
      namespace: 'default',
      taskQueue: TASK_QUEUE,
      deps: { db: dbh.db, mailer: createOutboxMailer(dbh.db), publicUrl: 'http://localhost:3000', appSecret: 'x'.repeat(32) },
      workflowBundle: await workflowBundle(),
    });
    worker = created.worker;
    running = worker.run();
    client = new Client({ connection: temporal.connection });
  });

  afterAll(async () => {
    worker?.shutdown();
    await running;
    await dbh?.close();
    await temporal?.stop();
  });

  it('apply → workflow running → RFI open → invitation in the outbox', async () => {
    const flows = createTemporalFlowGateway({ connection: temporal.connection, namespace: 'default', taskQueue: TASK_QUEUE });
    const applicant = await staffWith(dbh.db, PERMISSIONS.newApplyRfi);
    const input = await validRegisterApply(dbh.db);
    const { flowNo } = await applyForRegistration({ db: dbh.db, flows }, input, applicant, 'zh');

    const mail = await eventually(() =>
      dbh.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', input.contactEmail).executeTakeFirst(),
    );
    expect(mail.text_body).toMatch(/\/client\/login\/[A-Za-z0-9_-]{40,}/);
    expect(mail.locale).toBe('zh');

    const handle = client.workflow.getHandle(certFlowWorkflowId(flowNo));
    const description = await handle.describe();
    expect(description.status.name).toBe('RUNNING');
    expect(await handle.query(stateQuery)).toMatchObject({ currentNode: 'RFI', finishedNodes: ['START'] });

    const flow = await dbh.db.selectFrom('cert_flow').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.current_node_code).toBe('RFI');
    const nodes = await dbh.db.selectFrom('cert_flow_node').select(['node_code', 'status']).where('flow_no', '=', flowNo).orderBy('seq').execute();
    expect(nodes.slice(0, 3)).toEqual([
      { node_code: 'START', status: 20 },
      { node_code: 'RFI', status: 11 },
      { node_code: 'APTITUDE', status: 10 },
    ]);
    const task = await dbh.db.selectFrom('cert_task').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(task).toMatchObject({ task_type: 'REGISTER_RFI', status: 20, principal_job_number: applicant.jobNumber });

    // Findable in the Temporal UI by its business key.
    const found = await eventually(async () => {
      for await (const wf of client.workflow.list({ query: `FlowNo = '${flowNo}' AND CurrentNode = 'RFI'` })) return wf;
      return undefined;
    });
    expect(found.workflowId).toBe(`cert-flow-${flowNo}`);
  });
});

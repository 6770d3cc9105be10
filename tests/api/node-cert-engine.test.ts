import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_STATUS, STAGE } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { stateQuery } from '#workflows/definitions.ts';
import { flowDriver } from '../support/drive-flow.ts';
import { staffSession } from '../support/sessions.ts';
import { client } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

const QUALITY = 'E10020';

/**
 * A trading-company flow through its certificate check on the real workflow engine: before the CERT
 * screen, such flows stopped at stage 20. The quality reviewer's completion over HTTP answers with
 * SAMPLE_CERT open.
 */
describe('CERT node with the real workflow engine', () => {
  let h: WorkflowHarness;
  let app: TestApp;
  let drive: ReturnType<typeof flowDriver>;

  beforeAll(async () => {
    h = await startWorkflowHarness();
    // The app and the worker share one database, as in the embedded stack.
    app = await startTestApp({ flows: h.flows, db: h.db.db });
    drive = flowDriver(h);
  });
  afterAll(async () => {
    await app?.close();
    await h?.stop();
  });

  it('the quality reviewer completes CERT and the answer comes with SAMPLE_CERT in progress', async () => {
    const { flowNo, handle } = await drive.start(STANDARD_PLANS.TRADING_COMPANY);
    await drive.passRfi(flowNo, handle);
    await drive.complete(flowNo, handle, 'APTITUDE');
    expect(await drive.complete(flowNo, handle, 'KCP1')).toMatchObject({ currentNode: 'CERT', nodeOpen: true, stage: STAGE.QUALIFICATION });
    const task = await h.db.db
      .selectFrom('cert_task')
      .select('principal_job_number')
      .where('flow_no', '=', flowNo)
      .where('node_code', '=', 'CERT')
      .executeTakeFirstOrThrow();
    expect(task.principal_job_number).toBe(QUALITY);

    const quality = client(app).as(await staffSession(h.db.db, QUALITY)).locale('zh');
    const res = await quality.post('/v1/cert-flow-cert/completed', {
      flowNo,
      certificateList: ['IATF16949', 'ISO14000', 'ISO45001'].map((certificateType) => ({
        certificateType,
        hold: false,
        certificateName: '',
        certificateFileUrl: '',
      })),
    });
    expect(res.status).toBe(200);
    // Right when the completion answered: CERT finished, SAMPLE_CERT open with its principal task.
    expect(await drive.nodeStatus(flowNo, 'CERT')).toBe(NODE_STATUS.FINISHED);
    expect(await drive.nodeStatus(flowNo, 'SAMPLE_CERT')).toBe(NODE_STATUS.IN_PROGRESS);
    expect(await handle.query(stateQuery)).toMatchObject({ currentNode: 'SAMPLE_CERT', nodeOpen: true });
    const sampleTask = await h.db.db.selectFrom('cert_task').select('status').where('flow_no', '=', flowNo).where('node_code', '=', 'SAMPLE_CERT').execute();
    expect(sampleTask).toHaveLength(1);

    // Anything written afterwards is told the node is finished.
    const again = await quality.post('/v1/cert-flow-cert/save', { flowNo, certificateList: [] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该节点已完成，数据不可修改');
  });
});

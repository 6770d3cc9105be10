import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { stateQuery } from '#workflows/definitions.ts';
import { flowDriver } from '../support/drive-flow.ts';
import { staffSession } from '../support/sessions.ts';
import { client, uploadDocument } from '../support/http-client.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

/**
 * A completion whose answer a user never saw (the engine's deadline passed after the workflow had
 * acted) is sent again by the same user: it answers as the first did, and nothing happens twice.
 * Anyone else sending it is still told the node is finished.
 */
describe('a node completion sent again', () => {
  let h: WorkflowHarness;
  let app: TestApp;
  let drive: ReturnType<typeof flowDriver>;

  beforeAll(async () => {
    h = await startWorkflowHarness();
    app = await startTestApp({ flows: h.flows, db: h.db.db });
    drive = flowDriver(h);
  });
  afterAll(async () => {
    await app?.close();
    await h?.stop();
  });

  const closings = async (flowNo: string) =>
    (await h.db.db.selectFrom('operation_history').select('action').where('relation_code', '=', flowNo).execute()).filter((r) => r.action === 'COMPLETE_NODE').length;
  const principalOf = async (flowNo: string, nodeCode: string) =>
    (
      await h.db.db
        .selectFrom('cert_task')
        .select('principal_job_number')
        .where('flow_no', '=', flowNo)
        .where('node_code', '=', nodeCode)
        .where('task_type', '=', 'NODE_PRINCIPAL')
        .executeTakeFirstOrThrow()
    ).principal_job_number;

  it('by its principal answers 200 again with the next node open, completing nothing twice; by another user 409', async () => {
    const { flowNo, handle } = await drive.start(STANDARD_PLANS.NEW_SUPPLIER);
    await drive.passRfi(flowNo, handle);
    const session = await staffSession(h.db.db, await principalOf(flowNo, 'APTITUDE'));
    const pm = client(app).as(session).locale('zh');
    const staffDoc = await uploadDocument(client(app).as(session), '资质匹配.pdf', pdfBytes(), 'application/pdf');
    const body = { flowNo, description: '资质匹配', documentList: [staffDoc] };

    const first = await pm.post('/v1/cert-flow-aptitude/completed', body);
    expect(first.status).toBe(200);
    const closedOnce = await closings(flowNo);

    const again = await pm.post('/v1/cert-flow-aptitude/completed', body);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(first.body.message);
    expect(await drive.nodeStatus(flowNo, 'APTITUDE')).toBe(NODE_STATUS.FINISHED);
    expect(await drive.nodeStatus(flowNo, 'KCP1')).toBe(NODE_STATUS.IN_PROGRESS);
    expect(await handle.query(stateQuery)).toMatchObject({ currentNode: 'KCP1', nodeOpen: true });
    expect(await closings(flowNo)).toBe(closedOnce);

    const other = client(app).as(await staffSession(h.db.db, 'E10030')).locale('zh');
    const foreign = await other.post('/v1/cert-flow-aptitude/completed', body);
    expect(foreign.status).toBe(409);
    expect(foreign.body.message).toBe('该节点已完成，数据不可修改');
  });
});

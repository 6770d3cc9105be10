import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import type { SelfInspectionDetail } from '#domain/cert-flow/nodes/self-inspection.ts';
import { stateQuery } from '#workflows/definitions.ts';
import { flowDriver } from '../support/drive-flow.ts';
import { recordHistory } from '../support/histories.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

/**
 * Req flow §4.2: a self-inspection node completes itself when all its rows are approved — through
 * the real API and the real engine: owners issue, the supplier answers in the portal, the owners
 * approve, and the last approval moves the flow on to SYSTEM_CERT.
 */
describe('self-inspection completes itself', () => {
  let h: WorkflowHarness;
  let app: TestApp;
  beforeAll(async () => {
    h = await startWorkflowHarness();
    app = await startTestApp({ db: h.db.db, flows: h.flows });
  });
  afterAll(async () => {
    await app?.close();
    await h?.stop();
  });

  /** A GET without a body, else a POST; answers the envelope's data and fails on any refusal. */
  const call = async <T>(path: string, body: unknown, caller: Caller): Promise<T> => {
    const api = client(app).as(caller);
    const res = body === undefined ? await api.get(path) : await api.post(path, body);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body?.message}`);
    return res.body.data as T;
  };
  const upload = (caller: Caller) => uploadDocument(client(app).as(caller), 'checklist.pdf', pdfBytes('checklist'), 'application/pdf');

  it('the last approved row closes the node and SYSTEM_CERT opens', async () => {
    const drive = flowDriver(h);
    const { flowNo, handle } = await drive.start();
    await drive.passRfi(flowNo, handle);
    await drive.complete(flowNo, handle, 'APTITUDE');
    await drive.complete(flowNo, handle, 'KCP1');

    const db = h.db.db;
    const reader = await staffSession(db, 'E10002');
    const { rows } = await call<SelfInspectionDetail>(`/v1/self-inspection/detail?flowNo=${flowNo}`, undefined, reader);
    expect(rows).toHaveLength(5);
    // The account the RFI pass made for the supplier's contact.
    const portal = await portalSession(db, flowNo);
    const answer = await upload(portal);
    for (const row of rows) {
      const owner = await staffSession(db, row.principalId);
      await call('/v1/self-inspection/checklist/issue', { aid: row.aid, flowNo, ...(await upload(owner)) }, owner);
      await call('/v1/self-inspection/checklist/submit', { aid: row.aid, selfScore: 90, ...answer }, portal);
    }
    for (const row of rows.slice(0, -1)) {
      await call('/v1/self-inspection/audit-conclusion/submit', { aid: row.aid, flowNo, approveStatus: 50 }, await staffSession(db, row.principalId));
    }
    expect(await drive.nodeStatus(flowNo, 'SELF_INSPECTION')).toBe(NODE_STATUS.IN_PROGRESS);

    const last = rows.at(-1)!;
    await call('/v1/self-inspection/audit-conclusion/submit', { aid: last.aid, flowNo, approveStatus: 50 }, await staffSession(db, last.principalId));
    // The call answers once the node is finished and SYSTEM_CERT open.
    expect(await drive.nodeStatus(flowNo, 'SELF_INSPECTION')).toBe(NODE_STATUS.FINISHED);
    expect(await drive.nodeStatus(flowNo, 'SYSTEM_CERT')).toBe(NODE_STATUS.IN_PROGRESS);
    expect((await handle.query(stateQuery)).currentNode).toBe('SYSTEM_CERT');
    // System certification starts from the supplier's self scores.
    const items = await db.selectFrom('system_cert_item').select('self_score').where('flow_no', '=', flowNo).execute();
    expect(items.map((i) => Number(i.self_score))).toEqual([90, 90, 90, 90, 90]);
    await recordHistory('self-inspection-completed', handle);
  });
});

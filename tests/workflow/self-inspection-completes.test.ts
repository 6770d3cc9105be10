import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import type { SelfInspectionDetail } from '#domain/cert-flow/nodes/self-inspection.ts';
import { stateQuery } from '#workflows/definitions.ts';
import { flowDriver } from '../support/drive-flow.ts';
import { recordHistory } from '../support/histories.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { portalToken, staffCookie } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

/**
 * Spec 2 §4.2: a self-inspection node completes itself when all its rows are approved — through
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

  const call = async <T>(path: string, body: unknown, auth: { cookie?: string; token?: string }): Promise<T> => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(auth.cookie ? { cookie: auth.cookie } : {}),
        ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const env = (await res.json()) as { data: T; message?: string };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${env.message}`);
    return env.data;
  };
  const upload = async (auth: { cookie?: string; token?: string }) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdfBytes('checklist'))], { type: 'application/pdf' }), 'checklist.pdf');
    const file = await call<{ fileName: string; url: string }>('/common/v1/file', form, auth);
    return { documentName: file.fileName, documentUrl: file.url };
  };

  it('the last approved row closes the node and SYSTEM_CERT opens', async () => {
    const drive = flowDriver(h);
    const { flowNo, handle } = await drive.start();
    await drive.passRfi(flowNo, handle);
    await drive.complete(flowNo, handle, 'APTITUDE');
    await drive.complete(flowNo, handle, 'KCP1');

    const db = h.db.db;
    const reader = await staffCookie(db, 'E10002');
    const { rows } = await call<SelfInspectionDetail>(`/v1/self-inspection/detail?flowNo=${flowNo}`, undefined, { cookie: reader });
    expect(rows).toHaveLength(5);
    // The account the RFI pass made for the supplier's contact.
    const token = await portalToken(db, flowNo);
    const answer = await upload({ token });
    for (const row of rows) {
      const owner = { cookie: await staffCookie(db, row.principalId) };
      await call('/v1/self-inspection/checklist/issue', { aid: row.aid, flowNo, ...(await upload(owner)) }, owner);
      await call('/v1/self-inspection/checklist/submit', { aid: row.aid, selfScore: 90, ...answer }, { token });
    }
    for (const row of rows.slice(0, -1)) {
      await call('/v1/self-inspection/audit-conclusion/submit', { aid: row.aid, flowNo, approveStatus: 50 }, { cookie: await staffCookie(db, row.principalId) });
    }
    expect(await drive.nodeStatus(flowNo, 'SELF_INSPECTION')).toBe(NODE_STATUS.IN_PROGRESS);

    const last = rows.at(-1)!;
    await call('/v1/self-inspection/audit-conclusion/submit', { aid: last.aid, flowNo, approveStatus: 50 }, { cookie: await staffCookie(db, last.principalId) });
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

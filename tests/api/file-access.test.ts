import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { removeOrphanUploads } from '#services/files/orphans.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { insertExit } from '../support/exit-fixtures.ts';
import { insertAppliedFlow, type FlowAtNode } from '../support/flow-at-node.ts';
import { newStaffSession, portalSession, staffSessions } from '../support/sessions.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A stored file is read by those who may read the record it belongs to, whoever knows its key: a
 * supplier's feedback attachment only by feedback handlers and its sender, a node form's document only
 * by those who may open the flow, never by the supplier; an upload no record holds only by its uploader.
 */
let app: TestApp;
let db: Db;
let api: HttpClient;
let flow: FlowAtNode;
const who = {} as Record<'admin' | 'pm' | 'otherPm' | 'nobody' | 'supplier' | 'otherSupplier', Caller>;
const as = (c: Caller) => api.as(c);

async function upload(c: Caller, name: string): Promise<{ url: string; fileKey: string }> {
  const res = await as(c).upload('/common/v1/file', name, pdfBytes(name), 'application/pdf');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const statusOf = async (c: Caller, url: string) => (await as(c).get(url)).status;

beforeAll(async () => {
  app = await startTestApp();
  db = app.deps.db;
  api = sameOriginClient(app);
  // The flow's purchasing manager is E10002; E10003 is a purchasing manager of other flows.
  Object.assign(who, await staffSessions(db, { admin: 'E10001', pm: 'E10002', otherPm: 'E10003' }));
  who.nobody = await newStaffSession(db);
  flow = await insertAppliedFlow(db, { supplierName: '文件供应商' });
  who.supplier = await portalSession(db, flow.flowNo);
  who.otherSupplier = await portalSession(db, (await insertAppliedFlow(db, { supplierName: '别家供应商' })).flowNo);
});
afterAll(() => app.close());

describe('reading a stored file by its key', () => {
  it("a supplier's feedback attachment: its sender and feedback handlers, nobody else", async () => {
    const file = await upload(who.supplier, '报错截图.pdf');
    const sent = await as(who.supplier).post('/api/v1/feedback/add', { type: 'EXCEPTION', context: '提交时报错', fileUrlList: [file.url] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    expect(await statusOf(who.supplier, file.url)).toBe(200);
    expect(await statusOf(who.admin, file.url)).toBe(200);
    expect(await statusOf(who.pm, file.url)).toBe(404);
    expect(await statusOf(who.nobody, file.url)).toBe(404);
    expect(await statusOf(who.otherSupplier, file.url)).toBe(404);
  });

  it("a node form's document: its flow's participants, and after stage 10 the flow's readers; never the supplier", async () => {
    const file = await upload(who.admin, '内部评审纪要.pdf');
    await db
      .insertInto('cert_node_form')
      .values({ flow_no: flow.flowNo, node_code: 'KCP1', documents: JSON.stringify([{ documentName: '内部评审纪要.pdf', documentUrl: file.url }]), updated_by: 'E10001' })
      .execute();

    expect(await statusOf(who.pm, file.url)).toBe(200);
    expect(await statusOf(who.otherPm, file.url)).toBe(404);
    expect(await statusOf(who.supplier, file.url)).toBe(404);

    await db.updateTable('cert_flow').set({ stage: STAGE.QUALIFICATION }).where('flow_no', '=', flow.flowNo).execute();
    expect(await statusOf(who.otherPm, file.url)).toBe(200);
    expect(await statusOf(who.nobody, file.url)).toBe(404);
    expect(await statusOf(who.supplier, file.url)).toBe(404);
  });

  it("an exit's document: staff with the exit screens, and whoever has a task under the exit's number", async () => {
    const file = await upload(who.admin, '退出说明.pdf');
    const exitNo = await insertExit(db, { status: 'submitted', approver: 'E10010' });
    await db.updateTable('supplier_exit').set({ documents: JSON.stringify([{ documentName: '退出说明.pdf', documentUrl: file.url }]) }).where('flow_no', '=', exitNo).execute();
    const approver = await newStaffSession(db, '退出审批人');
    const approverJob = (await db.selectFrom('staff').select('job_number').where('id', '=', approver.id).executeTakeFirstOrThrow()).job_number;

    expect(await statusOf(who.pm, file.url)).toBe(200);
    expect(await statusOf(approver, file.url)).toBe(404);
    await db
      .insertInto('cert_task')
      .values({ task_no: `${exitNo}-T`, flow_no: exitNo, node_code: 'EXIT', task_type: 'EXIT_APPROVAL', task_name: '供应商退出审批', principal_job_number: approverJob, status: 10 })
      .execute();
    expect(await statusOf(approver, file.url)).toBe(200);
    expect(await statusOf(who.nobody, file.url)).toBe(404);
  });

  it('an upload no record holds yet: only its uploader', async () => {
    const file = await upload(who.supplier, '草稿.pdf');
    expect(await statusOf(who.supplier, file.url)).toBe(200);
    expect(await statusOf(who.admin, file.url)).toBe(404);
  });

  it('a file only a feedback holds is no orphan', async () => {
    const attachment = await upload(who.supplier, '附件.pdf');
    const sent = await as(who.supplier).post('/api/v1/feedback/add', { type: 'CONSULTATION', context: '附件', fileUrlList: [attachment.url] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const loose = await upload(who.supplier, '没人用.pdf');
    await db
      .updateTable('stored_file')
      .set({ created_at: new Date(Date.now() - 48 * 3_600_000) })
      .where('file_key', 'in', [attachment.fileKey, loose.fileKey])
      .execute();

    const removed = await removeOrphanUploads(app.deps);
    expect(removed).toContain(loose.fileKey);
    expect(removed).not.toContain(attachment.fileKey);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { addDays } from '#domain/certificates/certificate.ts';
import { wireDay } from '#domain/date-time.ts';
import { keepAdmittedCertificates } from '#services/certificates/master-certificates.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { admittedSupplier } from '../support/change-process-fixtures.ts';
import { recordingCertificates } from '../support/recording-certificates.ts';
import { OTHER_PURCHASER, PURCHASER } from '../support/rfi-questionnaire.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { portalSession, staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Certificates of the supplier master over HTTP (docs/decisions/0053-certificates-kept-valid.md): what the admission
 * keeps, the staff page and who reads it, a supplier's renewal with every rule on its input, and its approval on the
 * one approval card. The workflows are recorded, not run (tests/workflow/certificate-*.test.ts run them).
 */
let app: TestApp;
let db: Db;
let api: HttpClient;
const engine = recordingCertificates();
const who = {} as Record<'pm' | 'otherPm' | 'admin', Caller>;
const as = (c: Caller | null) => api.as(c);
const today = wireDay(new Date());

beforeAll(async () => {
  app = await startTestApp({ certificates: engine.certificates });
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { pm: PURCHASER, otherPm: OTHER_PURCHASER, admin: 'E10001' }));
});
afterAll(() => app.close());

/** An admitted supplier (its flow's purchasing manager is PURCHASER), its portal session, and an IATF 16949 on file. */
async function supplierWithCertificate(daysLeft = 40) {
  const s = await admittedSupplier(db);
  const portal = await portalSession(db, s.flowNo);
  const { id } = await db
    .insertInto('supplier_certificate')
    .values({ supplier_no: s.supplierNo, kind: 'IATF16949', issuer: 'TÜV', certificate_no: 'IATF-1', valid_from: '2024-01-01', valid_until: addDays(today, daysLeft), file_url: '/f/iatf', source: s.flowNo })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...s, portal, certificateId: id };
}
async function uploaded(portal: Caller, name = 'iatf-2027.pdf') {
  return (await as(portal).upload('/common/v1/file', name, pdfBytes(name), 'application/pdf')).body.data as { fileName: string; url: string };
}
const offer = (certificateId: number, file: { fileName: string; url: string }, over: object = {}) => ({
  certificateId,
  issuer: 'TÜV SÜD',
  certificateNo: 'IATF-2',
  validFrom: today,
  validUntil: addDays(today, 3 * 365),
  fileName: file.fileName,
  fileUrl: file.url,
  ...over,
});
const renewals = (certificateId: number) => db.selectFrom('certificate_renewal').selectAll().where('certificate_id', '=', certificateId).execute();

describe('what the admission keeps', () => {
  it("keeps the CERT node's dated certificates, once; a later flow's certificate of the same kind replaces it, the old one kept", async () => {
    const s = await admittedSupplier(db);
    const rows = [
      { certificateType: 'IATF16949', hold: true, certificateName: 'iatf.pdf', certificateFileUrl: '/f/a', validFrom: '2025-01-01', validUntil: '2028-01-01', issuer: 'TÜV' },
      { certificateType: 'ISO14000', hold: false },
      { certificateType: 'ORG_CHART', certificateName: 'org.png', certificateFileUrl: '/f/org', validFrom: '2025-01-01' },
    ];
    await db.insertInto('cert_node_form').values({ flow_no: s.flowNo, node_code: 'CERT', form_values: JSON.stringify({ certificateList: rows }), updated_by: 'E10020' }).execute();
    expect(await keepAdmittedCertificates(db, { flowNo: s.flowNo, supplierNo: s.supplierNo, now: new Date() })).toBe(2);
    expect(await keepAdmittedCertificates(db, { flowNo: s.flowNo, supplierNo: s.supplierNo, now: new Date() })).toBe(0);
    const kept = await db.selectFrom('supplier_certificate').select(['kind', 'valid_until', 'status']).where('supplier_no', '=', s.supplierNo).orderBy('kind').execute();
    // An organisation chart keeps no validity.
    expect(kept).toEqual([
      { kind: 'IATF16949', valid_until: '2028-01-01', status: 'valid' },
      { kind: 'ORG_CHART', valid_until: null, status: 'valid' },
    ]);
  });
});

describe("a supplier's page", () => {
  it('shows the certificates with days left and what an ended must-have blocks, to the staff responsible for it', async () => {
    const s = await supplierWithCertificate(40);
    const page = await as(who.pm).get(`/api/v1/suppliers/detail?supplierNo=${s.supplierNo}`);
    expect(page.status).toBe(200);
    expect(page.body.data.certificates).toEqual([expect.objectContaining({ kind: 'IATF16949', daysLeft: 40, status: 'valid', blocks: false, renewalNo: null })]);
    expect(page.body.data.blockingCertificates).toEqual([]);
    await db.updateTable('supplier_certificate').set({ status: 'expired' }).where('id', '=', s.certificateId).execute();
    const ended = (await as(who.pm).get(`/api/v1/suppliers/detail?supplierNo=${s.supplierNo}`)).body.data;
    expect(ended.certificates[0]).toMatchObject({ status: 'expired', blocks: true });
    expect(ended.blockingCertificates).toEqual(['IATF16949（TS16949）']);
    expect((await as(who.otherPm).get(`/api/v1/suppliers/detail?supplierNo=${s.supplierNo}`)).status).toBe(403);
    expect((await as(who.admin).get(`/api/v1/suppliers/detail?supplierNo=${s.supplierNo}`)).status).toBe(200);
    expect((await as(who.pm).get('/api/v1/suppliers/detail?supplierNo=SN-NONE')).status).toBe(404);
  });
});

describe('the suppliers list', () => {
  it('lists the suppliers one is responsible for, with ended and ending certificates; found by credit code; administrators see every one', async () => {
    const ending = await supplierWithCertificate(40);
    const ended = await supplierWithCertificate(-3);
    const credit = (await db.selectFrom('supplier').select('credit_code').where('supplier_no', '=', ending.supplierNo).executeTakeFirstOrThrow()).credit_code;
    const list = async (caller: Caller, search?: string) => (await as(caller).get(`/api/v1/suppliers?${new URLSearchParams({ currentPage: '1', pageSize: '100', ...(search ? { search } : {}) })}`)).body;

    const mine = (await list(who.pm)).data;
    const row = (no: string) => mine.records.find((r: { supplierNo: string }) => r.supplierNo === no);
    expect(row(ending.supplierNo)).toMatchObject({ endingCertificates: 1, endedCertificates: 0, active: true, requalifying: false });
    expect(row(ended.supplierNo)).toMatchObject({ endingCertificates: 0, endedCertificates: 1 });
    // Another purchasing manager is not responsible for them.
    const theirs = (await list(who.otherPm)).data.records.map((r: { supplierNo: string }) => r.supplierNo);
    expect(theirs).not.toContain(ending.supplierNo);
    const found = (await list(who.pm, credit.toLowerCase())).data.records;
    expect(found.map((r: { supplierNo: string }) => r.supplierNo)).toEqual([ending.supplierNo]);
    const all = (await list(who.admin)).data;
    expect(all.total).toBeGreaterThan(mine.total);
    expect((await as(null).get('/api/v1/suppliers')).status).toBe(401);
  });
});

describe('a renewal from the portal', () => {
  it.each([
    ['an end before the start', { validFrom: '2027-05-01', validUntil: '2027-04-30' }, { validUntil: '有效期至须晚于生效日期' }],
    ['an end already past', { validFrom: '2020-01-01', validUntil: '2023-01-01' }, { validUntil: '证书已过期，请上传有效的证书' }],
    ['a day that does not exist', { validUntil: '2027-02-30' }, { validUntil: '请输入正确的日期（yyyy-MM-dd）' }],
    ['no issuer', { issuer: '' }, { issuer: '该项必填' }],
    ['a file never uploaded', { fileUrl: '/common/v1/simple-download?fileKey=never-stored' }, { fileUrl: '文件不存在，请重新上传' }],
  ])('refuses %s, naming the field; nothing is kept and no workflow starts', async (_case, over, errors) => {
    const s = await supplierWithCertificate();
    const before = engine.calls.length;
    const res = await as(s.portal).post('/api/v1/portal/certificates/renewal', offer(s.certificateId, await uploaded(s.portal), over));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(errors);
    expect(await renewals(s.certificateId)).toEqual([]);
    expect(engine.calls.length).toBe(before);
  });

  it('refuses to renew a document without a validity (an organisation chart), naming the field', async () => {
    const s = await supplierWithCertificate();
    const { id } = await db.insertInto('supplier_certificate').values({ supplier_no: s.supplierNo, kind: 'ORG_CHART', file_url: '/f/org', source: s.flowNo }).returning('id').executeTakeFirstOrThrow();
    const res = await as(s.portal).post('/api/v1/portal/certificates/renewal', offer(id, await uploaded(s.portal)));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ certificateId: '该文件没有有效期，无需换证' });
    expect(await renewals(id)).toEqual([]);
  });

  it("refuses another supplier's certificate and one that does not exist as not found", async () => {
    const mine = await supplierWithCertificate();
    const theirs = await supplierWithCertificate();
    const file = await uploaded(mine.portal);
    expect((await as(mine.portal).post('/api/v1/portal/certificates/renewal', offer(theirs.certificateId, file))).status).toBe(404);
    expect((await as(mine.portal).post('/api/v1/portal/certificates/renewal', offer(999_999, file))).status).toBe(404);
    expect((await as(who.pm).post('/api/v1/portal/certificates/renewal', offer(mine.certificateId, file))).status).toBe(401);
  });

  it('a valid one waits for the purchasing manager: its workflow starts, the portal lists it, a second one is refused naming the first', async () => {
    const s = await supplierWithCertificate();
    const res = await as(s.portal).post('/api/v1/portal/certificates/renewal', offer(s.certificateId, await uploaded(s.portal)));
    expect(res.status).toBe(200);
    const renewalNo = res.body.data.renewalNo as string;
    expect(renewalNo).toMatch(/^RN\d{12}$/);
    expect(engine.calls.at(-1)).toEqual({ method: 'startRenewal', args: [expect.objectContaining({ renewalNo, supplierNo: s.supplierNo, approver: expect.objectContaining({ jobNumber: PURCHASER }) })] });
    const listed = (await as(s.portal).get('/api/v1/portal/certificates')).body.data;
    expect(listed[0].certificates[0]).toMatchObject({ id: s.certificateId, renewalNo });
    expect(listed[0].renewals[0]).toMatchObject({ renewalNo, status: 'approving' });
    const again = await as(s.portal).post('/api/v1/portal/certificates/renewal', offer(s.certificateId, await uploaded(s.portal)));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`该证书已有审批中的换证申请：${renewalNo}`);

    // On the approval card: the purchasing manager decides; another one may not even read it.
    const card = await as(who.pm).get(`/api/v1/approvals/card?kind=CERTIFICATE_RENEWAL&ref=${renewalNo}`);
    expect(card.body.data).toMatchObject({ status: 'approving', canDecide: true });
    expect((await as(who.otherPm).get(`/api/v1/approvals/card?kind=CERTIFICATE_RENEWAL&ref=${renewalNo}`)).status).toBe(403);
    expect((await as(who.otherPm).post('/api/v1/approvals/approve', { kind: 'CERTIFICATE_RENEWAL', ref: renewalNo })).status).toBe(403);
    expect((await as(who.pm).post('/api/v1/approvals/approve', { kind: 'CERTIFICATE_RENEWAL', ref: renewalNo })).status).toBe(200);
    expect(engine.calls.at(-1)).toMatchObject({ method: 'decideRenewal', args: [renewalNo, expect.objectContaining({ decision: 'pass' }), expect.any(String), expect.any(Function)] });
    const view = (await as(who.pm).get(`/api/v1/certificates/renewal?renewalNo=${renewalNo}`)).body.data;
    expect(view).toMatchObject({ kind: 'IATF16949', current: { certificateNo: 'IATF-1' }, offered: { certificateNo: 'IATF-2' } });
    // The approver reads the offered file (a supplier's upload kept by the renewal); another supplier's account does not.
    expect((await as(who.pm).get(view.offered.fileUrl)).status).toBe(200);
    const stranger = await supplierWithCertificate();
    expect((await as(stranger.portal).get(view.offered.fileUrl)).status).not.toBe(200);
  });
});

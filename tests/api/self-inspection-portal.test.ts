import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode, type FlowAtNode } from '../support/flow-at-node.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';

/** The supplier's side of the self-inspection through its portal session (req flow §4.7, §7.4). */
describe('self-inspection: supplier side', () => {
  let app: TestApp;
  const engine = recordingFlows();

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
  });
  afterAll(() => app.close());

  const as = (caller: Caller | null, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale);
  const staff = (job: string) => staffSession(app.deps.db, job);
  const upload = (caller: Caller, name: string) => uploadDocument(as(caller), name, pdfBytes(name));
  const staffRows = async (f: FlowAtNode) =>
    (await as(await staff('E10020')).get(`/v1/self-inspection/detail?flowNo=${f.flowNo}`)).body.data.rows as { aid: string; dimensionCode: string; principalId: string }[];

  /** A flow whose QUALITY and SUPPLY rows were issued; the others wait for issue. */
  async function issuedFlow(roles?: string[]) {
    const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
    const portal = await portalSession(app.deps.db, f.flowNo, roles ? { roles } : {});
    const rows = await staffRows(f);
    for (const code of ['QUALITY', 'SUPPLY']) {
      const row = rows.find((r) => r.dimensionCode === code)!;
      const owner = await staff(row.principalId);
      const res = await as(owner).post('/v1/self-inspection/checklist/issue', { aid: row.aid, flowNo: f.flowNo, ...(await upload(owner, `${code}-模版.pdf`)) });
      expect(res.status).toBe(200);
    }
    const aid = (code: string) => rows.find((r) => r.dimensionCode === code)!.aid;
    return { f, portal, aid };
  }
  const page = (portal: Caller, flowNo: string, locale: 'zh' | 'en' = 'zh') => as(portal, locale).post('/v1/self-inspection/checklist/page', { flowNo, currentPage: 1, pageSize: 20 });
  const submit = async (portal: Caller, aid: string, extra: object = {}) =>
    as(portal).post('/v1/self-inspection/checklist/submit', { aid, selfScore: 90, ...(await upload(portal, '自检结果.pdf')), ...extra });

  it('lists only the issued rows of its own flow, without internal job numbers', async () => {
    const { f, portal } = await issuedFlow();
    const res = await page(portal, f.flowNo, 'en');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.records.map((r: { dimensionCode: string }) => r.dimensionCode)).toEqual(['QUALITY', 'SUPPLY']);
    expect(res.body.data.records[0]).toMatchObject({
      approveStatus: 20,
      approveStatusStr: 'Awaiting supplier submission',
      submittable: true,
      hasCollaborationRole: true,
      rejectOpinion: null,
    });
    expect(JSON.stringify(res.body.data)).not.toContain('E100');
  });

  it('refuses another flow (403), staff cookies and anonymous callers (401)', async () => {
    const { f, aid } = await issuedFlow();
    const other = await issuedFlow();
    expect((await page(other.portal, f.flowNo)).status).toBe(403);
    expect((await as(other.portal).get(`/v1/self-inspection/checklist/detail?aid=${aid('QUALITY')}`)).status).toBe(403);
    expect((await as(other.portal).get(`/v1/self-inspection/checklist/template?aid=${aid('QUALITY')}`)).status).toBe(403);
    expect((await submit(other.portal, aid('QUALITY'))).status).toBe(403);
    expect((await as(await staff('E10020')).post('/v1/self-inspection/checklist/page', { flowNo: f.flowNo })).status).toBe(401);
    expect((await as(null).post('/v1/self-inspection/checklist/page', { flowNo: f.flowNo })).status).toBe(401);
    expect((await as(null).post('/v1/self-inspection/checklist/submit', { aid: aid('QUALITY'), selfScore: 1 })).status).toBe(401);
  });

  it('downloads the issued template of its own row; an unissued row does not exist for it', async () => {
    const { f, portal, aid } = await issuedFlow();
    const detail = await as(portal).get(`/v1/self-inspection/checklist/detail?aid=${aid('QUALITY')}`);
    expect(detail.body.data).toMatchObject({ templateName: 'QUALITY-模版.pdf', templateDownloadUrl: `/v1/self-inspection/checklist/template?aid=${aid('QUALITY')}` });
    const file = await as(portal).get(detail.body.data.templateDownloadUrl);
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain('QUALITY-模版.pdf');
    // The staff upload itself stays out of reach of the plain download: only through its own row.
    const staffView = (await as(await staff('E10020')).get(`/v1/self-inspection/detail?flowNo=${f.flowNo}`)).body.data.rows[0];
    expect((await as(portal).get(staffView.templateUrl)).status).toBe(404);
    const unissued = (await staffRows(f)).find((r) => r.dimensionCode === 'BUSINESS')!;
    expect((await as(portal).get(`/v1/self-inspection/checklist/detail?aid=${unissued.aid}`)).status).toBe(404);
    expect((await as(portal).get('/v1/self-inspection/checklist/detail?aid=not-a-uuid')).status).toBe(404);
  });

  it('submit needs the collaboration role (403 with a clear message)', async () => {
    const { f, portal, aid } = await issuedFlow([]);
    // The list says so first, so the portal shows the role notice instead of the form.
    expect((await page(portal, f.flowNo)).body.data.records[0]).toMatchObject({ submittable: true, hasCollaborationRole: false });
    const res = await submit(portal, aid('QUALITY'));
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('供应商准入协同角色');
  });

  it('submit validates the score (0–100, 2 decimals) and the document, which must be its own upload', async () => {
    const { portal, aid } = await issuedFlow();
    expect((await submit(portal, aid('QUALITY'), { selfScore: undefined })).body.errors.selfScore).toBe('请输入自评分');
    expect((await submit(portal, aid('QUALITY'), { selfScore: 100.01 })).body.errors.selfScore).toBe('不能大于100');
    expect((await submit(portal, aid('QUALITY'), { selfScore: -1 })).body.errors.selfScore).toBe('不能小于0');
    expect((await submit(portal, aid('QUALITY'), { selfScore: 99.999 })).body.errors.selfScore).toBe('最多2位小数');
    expect((await submit(portal, aid('QUALITY'), { documentName: '', documentUrl: '' })).body.errors).toMatchObject({ documentName: '请上传附件' });
    const staffFile = await upload(await staff('E10020'), 'internal.pdf');
    const foreign = await submit(portal, aid('QUALITY'), staffFile);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.documentUrl).toBe('文件不存在，请重新上传');
    expect((await page(portal, (await as(portal).get(`/v1/self-inspection/checklist/detail?aid=${aid('QUALITY')}`)).body.data.flowNo)).body.data.records[0].approveStatus).toBe(20);
  });

  it('submit moves the row to 30, mails its owner once, and is refused a second time and when the node is closed', async () => {
    const { f, portal, aid } = await issuedFlow();
    const res = await submit(portal, aid('QUALITY'), { selfScore: 87.25 });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('提交成功');
    const row = (await page(portal, f.flowNo)).body.data.records[0];
    expect(row).toMatchObject({ approveStatus: 30, selfScore: 87.25, documentName: '自检结果.pdf', submittable: false });
    expect((await submit(portal, aid('QUALITY'))).status).toBe(409);
    const owner = await app.deps.db.selectFrom('staff').select('email').where('job_number', '=', 'E10020').executeTakeFirstOrThrow();
    const mails = await app.deps.db.selectFrom('mail_outbox').select('dedupe_key').where('to_address', '=', owner.email).where('dedupe_key', 'like', `self-inspection:submit:${aid('QUALITY')}%`).execute();
    expect(mails).toHaveLength(1);
    const logged = await app.deps.db.selectFrom('operation_history').select(['relation_type', 'operator_id']).where('relation_code', '=', f.flowNo).where('action', '=', 'SELF_INSPECTION_SUBMIT').execute();
    expect(logged).toEqual([{ relation_type: 20, operator_id: expect.stringMatching(/^account:/) }]);

    await app.deps.db.updateTable('cert_flow_node').set({ status: NODE_STATUS.FINISHED }).where('flow_no', '=', f.flowNo).where('node_code', '=', 'SELF_INSPECTION').execute();
    expect((await submit(portal, aid('SUPPLY'))).status).toBe(409);
  });

  it('a returned row shows the rejection opinion; an approval remark stays internal', async () => {
    const { f, portal, aid } = await issuedFlow();
    await submit(portal, aid('QUALITY'));
    await submit(portal, aid('SUPPLY'));
    const quality = await staff('E10020');
    await as(quality).post('/v1/self-inspection/audit-conclusion/submit', { aid: aid('QUALITY'), flowNo: f.flowNo, approveStatus: 40, approveOpinion: '请补充过程审核记录' });
    const supplyOwner = (await staffRows(f)).find((r) => r.dimensionCode === 'SUPPLY')!.principalId;
    await as(await staff(supplyOwner)).post('/v1/self-inspection/audit-conclusion/submit', { aid: aid('SUPPLY'), flowNo: f.flowNo, approveStatus: 50, approveOpinion: '内部备注' });
    const [q, s] = (await page(portal, f.flowNo)).body.data.records;
    expect(q).toMatchObject({ approveStatus: 20, rejectOpinion: '请补充过程审核记录', submittable: true });
    expect(s).toMatchObject({ approveStatus: 50, rejectOpinion: null });
    expect(JSON.stringify(s)).not.toContain('内部备注');
  });
});

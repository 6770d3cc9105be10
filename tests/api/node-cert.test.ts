import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { PM_ACTOR } from '../support/drive-flow.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { staffSession, supplierSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';
import { testErp } from '../support/erp.ts';

const QUALITY = 'E10020'; // quality.zhang, the flows' quality reviewer and so the node's principal
const PM = 'E10002';
/** A held certificate's validity, current for years to come. */
const VALIDITY = { validFrom: '2025-03-01', validUntil: '2029-02-28' };

/**
 * The certificate check of a trading-company flow over HTTP (req flow §3.17, §4.2, §5.11; req rfi §3
 * rules): the quality reviewer's copy of the questionnaire's certificates. The workflow is recorded,
 * not run (tests/api/node-cert-engine.test.ts runs it).
 */
describe('CERT node: the quality certificate form', () => {
  let app: TestApp;
  const engine = recordingFlows();
  const db = () => app.deps.db;
  let quality: Caller;
  let pm: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    quality = await staffSession(db(), QUALITY);
    pm = await staffSession(db(), PM);
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale);
  const post = (path: 'save' | 'completed', body: unknown, caller: Caller | null = quality, locale: 'zh' | 'en' = 'zh') =>
    api(caller, locale).post(`/v1/cert-flow-cert/${path}`, body);
  const detail = (flowNo: string, caller: Caller | null = quality) => api(caller).get('/v1/cert-flow-cert/detail', { flowNo });

  async function upload(caller: Caller, path = '/common/v1/file') {
    const { body } = await api(caller).upload(path, 'IATF16949.pdf', pdfBytes('certificate'), 'application/pdf');
    return { certificateName: body.data.fileName as string, certificateFileUrl: body.data.url as string, ...VALIDITY };
  }
  const certAt = () => insertFlowAtNode(db(), 'CERT', { plan: STANDARD_PLANS.TRADING_COMPANY });
  const formRow = (flowNo: string) =>
    db().selectFrom('cert_node_form').selectAll().where('flow_no', '=', flowNo).where('node_code', '=', 'CERT').executeTakeFirst();
  const completionsOf = (flowNo: string) => engine.callsOf(flowNo).completeNode;
  const row = (certificateType: string, hold: boolean | null, file?: { certificateName: string; certificateFileUrl: string; validFrom?: string; validUntil?: string }) => ({
    certificateType,
    hold,
    certificateName: file?.certificateName ?? '',
    certificateFileUrl: file?.certificateFileUrl ?? '',
    ...(file?.validFrom ? { validFrom: file.validFrom, validUntil: file.validUntil } : {}),
  });

  it('shows the supplier’s step-5 answers until the quality reviewer saves the node’s own copy', async () => {
    const { flowNo, email } = await certAt();
    // The supplier answered step 5 of its questionnaire, with its own upload.
    const { applyNo } = await issueRfiInvitation(db(), { flowNo, email, locale: 'zh', secret: TEST_SECRET });
    const iatf = await upload(await supplierSession(db(), applyNo), '/v1/rfi/upload');
    const answered = [
      { certificateType: 'IATF16949', hold: true, ...iatf },
      { certificateType: 'ISO14000', hold: false },
      { certificateType: 'ISO45001', hold: false },
    ];
    await db()
      .updateTable('rfi_application')
      .set({ sections: JSON.stringify({ certificates: { certificateList: answered } }) })
      .where('apply_no', '=', applyNo)
      .execute();

    const first = await detail(flowNo);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      source: 'rfi',
      certificateList: answered,
      editable: true,
      principal: true,
      taskPrincipalId: QUALITY,
      taskPrincipalName: '张伟',
      updateTime: null,
    });
    // Read-only for anyone else with the progress page.
    expect((await detail(flowNo, pm)).body.data).toMatchObject({ source: 'rfi', editable: false, principal: false });

    // The quality reviewer keeps the supplier's IATF16949 file and records ISO14000 as held, file to come.
    const mine = [answered[0], row('ISO14000', true), row('ISO45001', false), row('VDA', null)];
    const saved = await post('save', { flowNo, certificateList: mine });
    expect(saved.status).toBe(200);
    expect(saved.body.data.message).toBe('保存成功');
    const after = await detail(flowNo);
    expect(after.body.data).toMatchObject({
      source: 'node',
      certificateList: [answered[0], { certificateType: 'ISO14000', hold: true }, { certificateType: 'ISO45001', hold: false }, { certificateType: 'VDA' }],
    });
    expect(after.body.data.updateTime).not.toBeNull();
    // The questionnaire itself is the supplier's and stays as answered.
    const application = await db().selectFrom('rfi_application').select('sections').where('apply_no', '=', applyNo).executeTakeFirstOrThrow();
    expect(application.sections).toEqual({ certificates: { certificateList: answered } });
    expect(completionsOf(flowNo)).toEqual([]);
  });

  it('a flow without a questionnaire answer shows no rows yet', async () => {
    const { flowNo } = await certAt();
    expect((await detail(flowNo)).body.data).toMatchObject({ source: 'rfi', certificateList: [] });
  });

  it('completion names each rule of req flow §5.11 on its field, in zh and en, and writes nothing', async () => {
    const { flowNo } = await certAt();
    const body = {
      flowNo,
      certificateList: [row('IATF16949', null), row('ISO14000', true), row('ISO45001', false), row('VDA', null), row('ISO9000', null)],
    };
    const zh = await post('completed', body);
    expect(zh.status).toBe(400);
    expect(zh.body.errors).toEqual({
      'certificateList.0.hold': '请选择是否持有',
      'certificateList.1.certificateFileUrl': '请上传文件',
    });
    const en = await post('completed', body, quality, 'en');
    expect(en.body.errors).toEqual({
      'certificateList.0.hold': 'Please choose whether you hold it',
      'certificateList.1.certificateFileUrl': 'Please upload the file',
    });
    // Each required certificate has a row.
    const missing = await post('completed', { flowNo, certificateList: [row('IATF16949', false), row('ISO14000', false)] });
    expect(missing.body.errors).toEqual({ certificateList: '缺少必填证书：ISO45001' });

    expect(await formRow(flowNo)).toBeUndefined();
    expect(completionsOf(flowNo)).toEqual([]);
  });

  it('saving keeps work in progress: the required answers wait for completion, the limits do not', async () => {
    const { flowNo } = await certAt();
    const draft = await post('save', { flowNo, certificateList: [row('IATF16949', null), row('ISO14000', true)] });
    expect(draft.status).toBe(200);
    const tooLong = await post('save', { flowNo, certificateList: [{ ...row('VDA', null), certificateName: `${'证'.repeat(200)}.pdf` }] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ 'certificateList.0.certificateName': '长度不能超过200个字符' });
    expect(completionsOf(flowNo)).toEqual([]);
  });

  it('refuses a certificate kind the dictionary does not know, naming it, and writes nothing', async () => {
    const { flowNo } = await certAt();
    const res = await post('save', { flowNo, certificateList: [row('IATF16949', null), row('ISO9999', null)] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'certificateList.1.certificateType': '未知的证书类型：ISO9999' });
    expect(await formRow(flowNo)).toBeUndefined();
  });

  it('refuses a file that was never stored (400 on its URL) and writes nothing', async () => {
    const { flowNo } = await certAt();
    const forged = { certificateName: 'iatf.pdf', certificateFileUrl: '/common/v1/simple-download?fileKey=never-stored', ...VALIDITY };
    const certificateList = [row('IATF16949', true, forged), row('ISO14000', false), row('ISO45001', false)];
    for (const path of ['save', 'completed'] as const) {
      const res = await post(path, { flowNo, certificateList });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ 'certificateList.0.certificateFileUrl': '文件不存在，请重新上传' });
    }
    expect(await formRow(flowNo)).toBeUndefined();
    expect(completionsOf(flowNo)).toEqual([]);
  });

  it('the quality reviewer completes: the rows are saved, the workflow asked to pass the node', async () => {
    const { flowNo } = await certAt();
    const iatf = await upload(quality);
    const certificateList = [row('IATF16949', true, iatf), row('ISO14000', false), row('ISO45001', false), row('ISO27000', null)];
    const res = await post('completed', { flowNo, certificateList });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('提交成功');
    expect(completionsOf(flowNo)).toEqual([
      [flowNo, { nodeCode: 'CERT', actor: expect.objectContaining({ jobNumber: QUALITY }), outcome: 'pass' }, `complete:${flowNo}:CERT`],
    ]);
    expect((await formRow(flowNo))?.form_values).toEqual({
      certificateList: [
        { certificateType: 'IATF16949', hold: true, ...iatf },
        { certificateType: 'ISO14000', hold: false },
        { certificateType: 'ISO45001', hold: false },
        { certificateType: 'ISO27000' },
      ],
    });
    const history = await db()
      .selectFrom('operation_history')
      .select(['action', 'operator_name'])
      .where('relation_code', '=', flowNo)
      .where('action', '=', 'SUBMIT_NODE_FORM')
      .execute();
    expect(history).toEqual([{ action: 'SUBMIT_NODE_FORM', operator_name: '张伟' }]);
  });

  it('only the node’s principal writes: other staff 403, anonymous 401, and nothing is written', async () => {
    const { flowNo } = await certAt();
    const body = { flowNo, certificateList: [row('IATF16949', false), row('ISO14000', false), row('ISO45001', false)] };
    for (const path of ['save', 'completed'] as const) {
      const other = await post(path, body, pm);
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('只有任务负责人可以操作');
      expect((await post(path, body, null)).status).toBe(401);
    }
    expect((await detail(flowNo, null)).status).toBe(401);
    // The refused caller is not told the form's rules either.
    expect((await post('completed', { flowNo, certificateList: [row('IATF16949', null)] }, pm)).status).toBe(403);
    expect(await formRow(flowNo)).toBeUndefined();
    expect(completionsOf(flowNo)).toEqual([]);
  });

  it('an ended flow refuses both writes with 409 and writes nothing', async () => {
    const { flowNo } = await certAt();
    const acts = createCertFlowActivities({ db: db(), mailer: createOutboxMailer(db()), erp: testErp(), publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
    await acts.endFlow({ flowNo, stage: STAGE.TERMINATED, actor: PM_ACTOR, reason: 'test' });
    const body = { flowNo, certificateList: [row('IATF16949', false), row('ISO14000', false), row('ISO45001', false)] };
    for (const path of ['save', 'completed'] as const) {
      const res = await post(path, body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('流程已结束');
    }
    expect((await detail(flowNo)).body.data.editable).toBe(false);
    expect(await formRow(flowNo)).toBeUndefined();
    expect(completionsOf(flowNo)).toEqual([]);

    // A node not reached yet is not in progress either.
    const early = await insertFlowAtNode(db(), 'KCP1', { plan: STANDARD_PLANS.TRADING_COMPANY });
    const notYet = await post('completed', { ...body, flowNo: early.flowNo });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe('该节点当前未在进行中');
  });
});

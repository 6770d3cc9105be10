import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { NODE_STATUS, STAGE, TASK_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { AUDIT_TARGETS } from '#domain/cert-flow/nodes/system-cert.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import { invitationTemp } from '#services/rfi/invitation.ts';
import { PM_ACTOR } from '../support/drive-flow.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { portalSession, staffSession, supplierSession } from '../support/sessions.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';
import { testErp } from '../support/erp.ts';

const PM = 'E10002';
const CMT_LEADER = 'E10010';
const QUALITY = 'E10020';
const TECH = 'E10021';
const ADMIN = 'E10001';

/**
 * Req flow §4.2: only a node in progress is editable — and nothing of a flow that has ended. After a
 * termination or a failing conclusion every write of the flow, by staff or by the supplier, answers
 * 409 '流程已结束' before it writes anything, and asks nothing of the workflow. The flows are walked
 * node by node through the workflow's own activities (the workflow itself is recorded, not run).
 */
describe('writes to an ended flow', () => {
  let app: TestApp;
  const engine = recordingFlows();
  const db = () => app.deps.db;
  let acts: ReturnType<typeof createCertFlowActivities>;
  const sessions: Record<string, Caller> = {};
  const staff = async (job: string) => (sessions[job] ??= await staffSession(db(), job));
  let staffDoc: { documentName: string; documentUrl: string };

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    acts = createCertFlowActivities({ db: db(), mailer: createOutboxMailer(db()), erp: testErp(), publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
    staffDoc = await upload(await staff(PM));
  });
  afterAll(() => app.close());

  function call(method: 'GET' | 'POST', path: string, caller: Caller, body?: unknown, locale: 'zh' | 'en' = 'zh') {
    const api = client(app).as(caller).locale(locale);
    return method === 'GET' ? api.get(path) : api.post(path, body);
  }
  const upload = (caller: Caller) => uploadDocument(client(app).as(caller), 'evidence.pdf', pdfBytes('evidence'), 'application/pdf');

  const NODES = STANDARD_PLANS.NEW_SUPPLIER.map((n) => n.nodeCode).filter((n) => n !== 'START');

  /**
   * A flow the workflow has walked up to `last`, which is open: each earlier node closed and the next
   * opened by the same activities. The RFI was submitted and its reviews opened (and passed when
   * walked past); the self-inspection rows were issued, answered and approved (set directly: that
   * work has its own suites).
   */
  async function flowAt(last: NodeCode): Promise<string> {
    const { flowNo } = await insertFlowAtNode(db(), 'RFI');
    for (const [i, node] of NODES.entries()) {
      if (node === 'RFI') {
        await db().updateTable('rfi_application').set({ status: 20, submitted_at: new Date() }).where('flow_no', '=', flowNo).execute();
        await acts.openRfiReview({ flowNo, round: 1 });
      }
      if (node === last) return flowNo;
      if (node === 'RFI') {
        for (const reviewType of ['PURCHASE_REVIEW', 'CMT_REVIEW'] as const) await acts.recordRfiReview({ flowNo, round: 1, reviewType, decision: 'pass', actor: PM_ACTOR });
      }
      if (node === 'SELF_INSPECTION') {
        await db()
          .updateTable('self_inspection_item')
          .set({ approve_status: 50, template_name: 'checklist.pdf', document_name: 'answer.pdf', self_score: 90 })
          .where('flow_no', '=', flowNo)
          .execute();
      }
      await acts.closeNode({ flowNo, nodeCode: node, actor: PM_ACTOR, outcome: 'pass' });
      await acts.openNode({ flowNo, nodeCode: NODES[i + 1] });
    }
    throw new Error(`${last} is not in the plan`);
  }

  /** Business termination as the workflow's terminate update records it. */
  const terminate = (flowNo: string) => acts.endFlow({ flowNo, stage: STAGE.TERMINATED, actor: PM_ACTOR, reason: '供应商退出' });
  /** A failing conclusion: the node closes with 'fail' and the flow ends. */
  const fail = (node: NodeCode) => async (flowNo: string) => {
    await acts.closeNode({ flowNo, nodeCode: node, actor: PM_ACTOR, outcome: 'fail' });
    await acts.endFlow({ flowNo, stage: STAGE.TERMINATED, actor: PM_ACTOR, reason: `${node} failed` });
  };

  /** Everything of the flow a write could change. */
  async function rowsOf(flowNo: string) {
    const d = db();
    return {
      flow: await d.selectFrom('cert_flow').selectAll().where('flow_no', '=', flowNo).execute(),
      nodes: await d.selectFrom('cert_flow_node').selectAll().where('flow_no', '=', flowNo).orderBy('seq').execute(),
      tasks: await d.selectFrom('cert_task').selectAll().where('flow_no', '=', flowNo).orderBy('task_no').execute(),
      roles: await d.selectFrom('cert_flow_role').selectAll().where('flow_no', '=', flowNo).orderBy('role').execute(),
      forms: await d.selectFrom('cert_node_form').selectAll().where('flow_no', '=', flowNo).execute(),
      questionnaire: await d.selectFrom('rfi_application').selectAll().where('flow_no', '=', flowNo).execute(),
      selfInspection: await d.selectFrom('self_inspection_item').selectAll().where('flow_no', '=', flowNo).orderBy('sort').execute(),
      systemCert: await d.selectFrom('system_cert_item').selectAll().where('flow_no', '=', flowNo).orderBy('index_code').execute(),
      history: await d.selectFrom('operation_history').selectAll().where('relation_code', '=', flowNo).orderBy('id').execute(),
      mails: (await d.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
    };
  }
  const workflowCallsOf = (flowNo: string) => Object.values(engine.callsOf(flowNo)).flat();

  /** Every write of the flow's node screens, the supplier's questionnaire and portal, as each one's own user sends it. */
  async function everyWrite(flowNo: string) {
    const application = await db().selectFrom('rfi_application').select(['apply_no', 'version', 'invite_seq']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    const temp = invitationTemp(TEST_SECRET, application.apply_no, application.invite_seq);
    const supplier = await supplierSession(db(), application.apply_no);
    const rq = new URLSearchParams({ temp });
    const review = (type: string) => `${flowNo}-RFI-${type}`;
    const rows = await db().selectFrom('self_inspection_item').select(['aid', 'principal_job_number']).where('flow_no', '=', flowNo).orderBy('sort').execute();
    // Before self-inspection the supplier has no checklist row to write to (any aid is unknown to it).
    const row = rows[0] ?? { aid: crypto.randomUUID(), principal_job_number: QUALITY };
    const owner = await staff(row.principal_job_number);
    const portal = rows.length ? await portalSession(db(), flowNo) : undefined;
    const supplierDoc = portal ? await upload(portal) : staffDoc;
    const pm = await staff(PM);

    const writes: [string, () => ReturnType<typeof call>][] = [
      ['aptitude save', () => call('POST', '/v1/cert-flow-aptitude/audit', pm, { flowNo, description: '资质匹配', documentList: [staffDoc] })],
      ['aptitude completion', () => call('POST', '/v1/cert-flow-aptitude/completed', pm, { flowNo, description: '资质匹配', documentList: [staffDoc] })],
      ['KCP1 conclusion', () => call('POST', '/v1/cert-flow-kcp/submit', pm, { flowNo, nodeCode: 'KCP1', accessStatus: 10, documentList: [staffDoc] })],
      ['sample certification', async () => call('POST', '/v1/sample-cert/finish', await staff(TECH), { flowNo, accessStatus: 10, description: '样件合格', documentList: [staffDoc] })],
      ['sample certification transfer', async () => call('POST', '/v1/sample-cert/transfer', await staff(ADMIN), { flowNo, jobNumber: 'E10030', name: '陈刚' })],
      [
        'system certification experts',
        () => call('POST', '/v1/system-cert/save-expert', pm, { flowNo, items: Object.keys(AUDIT_TARGETS).map((indexCode) => ({ indexCode, approveExpertId: QUALITY })) }),
      ],
      [
        'system certification score',
        async () =>
          call('POST', '/v1/system-cert/save', await staff(QUALITY), {
            flowNo,
            indexCode: 'QUALITY',
            targetList: AUDIT_TARGETS.QUALITY.map((t) => ({ targetCode: t.code, score: 85 })),
            riskDesc: null,
            expertConclusionStatus: 10,
            documentList: [],
          }),
      ],
      ['system certification completion', async () => call('POST', '/v1/system-cert/complete', await staff(QUALITY), { flowNo })],
      ['self-inspection issue', () => call('POST', '/v1/self-inspection/checklist/issue', owner, { aid: row.aid, flowNo, ...staffDoc })],
      ['self-inspection audit', () => call('POST', '/v1/self-inspection/audit-conclusion/submit', owner, { aid: row.aid, flowNo, approveStatus: 50 })],
      ['self-inspection completion', () => call('POST', '/v1/self-inspection/finish-node', owner, { flowNo })],
    ];
    if (portal) writes.push(['self-inspection answer by the supplier', () => call('POST', '/v1/self-inspection/checklist/submit', portal, { aid: row.aid, selfScore: 95, ...supplierDoc })]);
    writes.push(
      ['optional completion', () => call('POST', '/v1/cert-flow-node/complete-optional', pm, { flowNo, nodeCode: 'APTITUDE' })],
      ['questionnaire save by the supplier', () => call('POST', `/v1/rfi/save-${RFI_SECTION_PATHS.company}?${rq}&save=false`, supplier, { data: {}, version: application.version })],
      ['questionnaire submit by the supplier', () => call('POST', `/v1/rfi/submit?${rq}`, supplier)],
      ['RFI purchasing review', () => call('POST', '/v1/cert-flow-node/audit-pass', pm, { flowNo, taskNo: review('PURCHASE_REVIEW') })],
      ['RFI CMT review', async () => call('POST', '/v1/cert-flow-node/audit-reject', await staff(CMT_LEADER), { flowNo, taskNo: review('CMT_REVIEW'), reason: '资料不全' })],
      ['RFI re-issue', () => call('POST', '/v1/cert-flow-node/reissue-rfi', pm, { flowNo })],
    );
    return writes;
  }

  const ENDINGS: { name: string; at: NodeCode; end: (flowNo: string) => Promise<void> }[] = [
    { name: 'terminated at RFI, the questionnaire under review', at: 'RFI', end: terminate },
    { name: 'terminated at APTITUDE', at: 'APTITUDE', end: terminate },
    { name: 'ended by a failing KCP1', at: 'KCP1', end: fail('KCP1') },
    { name: 'ended by a failing sample certification, the supplier holding its checklist rows', at: 'SAMPLE_CERT', end: fail('SAMPLE_CERT') },
  ];

  it.each(ENDINGS)('$name: every write answers 409 流程已结束 and changes nothing', async ({ at, end }) => {
    const flowNo = await flowAt(at);
    await end(flowNo);
    const writes = await everyWrite(flowNo);
    const before = await rowsOf(flowNo);

    const answers = [];
    for (const [name, write] of writes) {
      const { status, body } = await write();
      answers.push([name, status, body.message]);
    }
    expect(answers).toEqual(writes.map(([name]) => [name, 409, '流程已结束']));
    expect(await rowsOf(flowNo)).toEqual(before);
    expect(workflowCallsOf(flowNo)).toEqual([]);
  });

  it('terminating closes the open node and its task; the refusal reads in English too', async () => {
    const flowNo = await flowAt('APTITUDE');
    await terminate(flowNo);
    const nodes = await db().selectFrom('cert_flow_node').select(['node_code', 'status']).where('flow_no', '=', flowNo).orderBy('seq').execute();
    expect(nodes.find((n) => n.node_code === 'APTITUDE')?.status).toBe(NODE_STATUS.CLOSED);
    expect(nodes.filter((n) => n.status === NODE_STATUS.IN_PROGRESS)).toEqual([]);
    const task = await db().selectFrom('cert_task').select('status').where('flow_no', '=', flowNo).where('node_code', '=', 'APTITUDE').executeTakeFirstOrThrow();
    expect(task.status).toBe(TASK_STATUS.FINISHED);

    // The node's screen shows it closed and not editable.
    const detail = await call('GET', `/v1/cert-flow-aptitude/detail?flowNo=${flowNo}`, await staff(PM));
    expect(detail.body.data).toMatchObject({ nodeStatus: NODE_STATUS.CLOSED, editable: false });
    const en = await call('POST', '/v1/cert-flow-aptitude/audit', await staff(PM), { flowNo, description: 'x', documentList: [staffDoc] }, 'en');
    expect([en.status, en.body.message]).toEqual([409, 'The flow has ended']);
  });
});

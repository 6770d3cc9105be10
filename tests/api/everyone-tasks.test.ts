import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { AUDIT_TARGETS } from '#domain/cert-flow/nodes/system-cert.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { client, uploadDocument, type Caller, type HttpClient } from '../support/http-client.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';

/** Every person who must act has a task under "my open tasks" and a mail linking to the screen; it closes with the work. */
describe('a task and a mail for everyone who must act', () => {
  let app: TestApp;
  const engine = recordingFlows();
  const sessions: Record<string, Caller> = {};

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
  });
  afterAll(() => app.close());

  const db = () => app.deps.db;
  const asStaff = async (job: string, locale: 'zh' | 'en' = 'zh') => client(app).as((sessions[job] ??= await staffSession(db(), job))).locale(locale);
  type Task = { taskNo: string; taskName: string; flowNo: string; nodeCode: string; nodeName: string; link: string; overdue: boolean };
  const tasksOf = async (job: string, flowNo: string, locale: 'zh' | 'en' = 'zh'): Promise<Task[]> =>
    ((await (await asStaff(job, locale)).get('/v1/cert-flow-node/my-tasks')).body.data as Task[]).filter((t) => t.flowNo === flowNo);
  const mailsTo = async (job: string, flowNo: string) => {
    const { email } = await db().selectFrom('staff').select('email').where('job_number', '=', job).executeTakeFirstOrThrow();
    return db().selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).where('text_body', 'like', `%${flowNo}%`).execute();
  };
  const upload = (api: HttpClient, name: string) => uploadDocument(api, name, pdfBytes());

  describe('self-inspection: each dimension owner issues, then audits', () => {
    const OWNERS = { QUALITY: 'QUALITY_REVIEWER', TECHNOLOGY: 'TECHNICAL_REVIEWER', PRODUCTION: 'QUALITY_OPERATIONS', SUPPLY: 'SUPPLY_REVIEWER', BUSINESS: 'BUSINESS_REVIEWER' } as const;

    it('gives each of the five owners an issue task and a mail with the link to the node, once', async () => {
      const f = await insertFlowAtNode(db(), 'SELF_INSPECTION');
      const acts = createCertFlowActivities({ db: db(), mailer: createOutboxMailer(db()), erp: app.deps.erp, publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
      await acts.openNode({ flowNo: f.flowNo, nodeCode: 'SELF_INSPECTION' });
      const link = `/cert-flow/detail?id=${f.flowNo}&node=SELF_INSPECTION`;
      for (const [dimension, role] of Object.entries(OWNERS)) {
        const job = f.roles[role]!;
        const issue = (await tasksOf(job, f.flowNo)).find((t) => t.taskNo === `${f.flowNo}-SELF_INSPECTION_ISSUE-${dimension}`);
        expect(issue, `${role} has the issue task`).toMatchObject({ nodeCode: 'SELF_INSPECTION', nodeName: '自检', link, overdue: false });
        expect(issue!.taskName).toMatch(/^下发自检清单：/);
        const mails = (await mailsTo(job, f.flowNo)).filter((m) => m.subject.includes('下发自检清单'));
        expect(mails, `${role} is mailed once`).toHaveLength(1);
        expect(mails[0].text_body).toContain(`http://localhost:3000${link}`);
      }
      expect((await tasksOf(f.roles.TECHNICAL_REVIEWER!, f.flowNo, 'en'))[0].taskName).toBe('Issue the self-inspection checklist: Engineering and development');
    });

    it('closes the issue task when issued, opens an audit task per submission and closes it when audited', async () => {
      const f = await insertFlowAtNode(db(), 'SELF_INSPECTION');
      const job = f.roles.TECHNICAL_REVIEWER!;
      const staffApi = await asStaff(job);
      const rows = (await staffApi.get('/v1/self-inspection/detail', { flowNo: f.flowNo })).body.data.rows as { aid: string; dimensionCode: string }[];
      const { aid } = rows.find((r) => r.dimensionCode === 'TECHNOLOGY')!;
      const names = async () => (await tasksOf(job, f.flowNo)).map((t) => t.taskNo);

      expect((await staffApi.post('/v1/self-inspection/checklist/issue', { aid, flowNo: f.flowNo, documentType: 'self_inspection', ...(await upload(staffApi, '清单.pdf')) })).status).toBe(200);
      expect(await names()).toEqual([]);

      const portal = client(app).as(await portalSession(db(), f.flowNo)).locale('zh');
      const submit = async () => expect((await portal.post('/v1/self-inspection/checklist/submit', { aid, selfScore: 80, ...(await upload(portal, '自检.pdf')) })).status).toBe(200);
      const audit = async (approveStatus: number) =>
        expect((await staffApi.post('/v1/self-inspection/audit-conclusion/submit', { aid, flowNo: f.flowNo, approveStatus, approveOpinion: '请补充' })).status).toBe(200);
      await submit();
      expect(await names()).toEqual([`${f.flowNo}-SELF_INSPECTION_AUDIT-TECHNOLOGY`]);
      const auditMail = (await mailsTo(job, f.flowNo)).find((m) => m.text_body.includes('node=SELF_INSPECTION') && !m.subject.includes('下发'));
      expect(auditMail).toBeDefined();
      await audit(40);
      expect(await names()).toEqual([]);
      await submit();
      expect(await names()).toEqual([`${f.flowNo}-SELF_INSPECTION_AUDIT-TECHNOLOGY-2`]);
      await audit(50);
      expect(await names()).toEqual([]);
    });
  });

  describe('system certification: each chosen expert scores', () => {
    const PM = 'E10002';
    const EXPERTS = { QUALITY: 'E10020', TECHNOLOGY: 'E10021', PRODUCTION: 'E10024', SUPPLY: 'E10023', BUSINESS: 'E10022' } as const;
    const items = (over: Partial<Record<keyof typeof EXPERTS, string>> = {}) =>
      Object.entries({ ...EXPERTS, ...over }).map(([indexCode, approveExpertId]) => ({ indexCode, approveExpertId }));

    it('gives each expert a task and a mail for their dimension; a re-chosen expert takes it over; a score closes it', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      const pm = await asStaff(PM);
      expect((await pm.post('/v1/system-cert/save-expert', { flowNo, items: items() })).status).toBe(200);
      const link = `/cert-flow/detail?id=${flowNo}&node=SYSTEM_CERT`;
      for (const [dimension, job] of Object.entries(EXPERTS)) {
        expect(await tasksOf(job, flowNo), job).toContainEqual(expect.objectContaining({ taskNo: `${flowNo}-SYSTEM_CERT_SCORE-${dimension}`, nodeCode: 'SYSTEM_CERT', link }));
        const mails = await mailsTo(job, flowNo);
        expect(mails.filter((m) => m.subject.includes('体系认证评审')), job).toHaveLength(1);
        expect(mails[0].text_body).toContain(`${link}\n`);
      }

      // Before any score, the supply dimension goes to another expert: the task follows.
      expect((await pm.post('/v1/system-cert/save-expert', { flowNo, items: items({ SUPPLY: 'E10030' }) })).status).toBe(200);
      expect(await tasksOf(EXPERTS.SUPPLY, flowNo)).toEqual([]);
      expect((await tasksOf('E10030', flowNo)).map((t) => t.taskNo)).toEqual([`${flowNo}-SYSTEM_CERT_SCORE-SUPPLY`]);
      expect(await mailsTo('E10030', flowNo)).toHaveLength(1);

      const body = { flowNo, indexCode: 'BUSINESS', targetList: AUDIT_TARGETS.BUSINESS.map((t) => ({ targetCode: t.code, score: 80 })), riskDesc: '无', expertConclusionStatus: 10, documentList: [] };
      expect((await (await asStaff(EXPERTS.BUSINESS)).post('/v1/system-cert/save', body)).status).toBe(200);
      expect(await tasksOf(EXPERTS.BUSINESS, flowNo)).toEqual([]);
      expect(await tasksOf(EXPERTS.QUALITY, flowNo)).toHaveLength(1);
    });
  });

  describe('a principal given the node by transfer', () => {
    it('gets the task and a mail linking to the node; the old principal no longer has it', async () => {
      const { flowNo, roles } = await insertFlowAtNode(db(), 'SAMPLE_CERT');
      const old = roles.TECHNICAL_REVIEWER!;
      expect((await tasksOf(old, flowNo)).map((t) => t.nodeCode)).toEqual(['SAMPLE_CERT']);
      const acts = createCertFlowActivities({ db: db(), mailer: createOutboxMailer(db()), erp: app.deps.erp, publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
      const input = { flowNo, assignments: [{ role: 'TECHNICAL_REVIEWER', jobNumber: 'E10031', name: '杨帆' }], actor: { id: 'a', jobNumber: 'E10002', name: '王磊' } };
      await new MockActivityEnvironment().run(acts.reassignRoles, input);
      await new MockActivityEnvironment().run(acts.reassignRoles, input);

      expect(await tasksOf(old, flowNo)).toEqual([]);
      expect(await tasksOf('E10031', flowNo)).toEqual([expect.objectContaining({ nodeCode: 'SAMPLE_CERT', link: `/cert-flow/detail?id=${flowNo}&node=SAMPLE_CERT` })]);
      const mails = await mailsTo('E10031', flowNo);
      expect(mails).toHaveLength(1);
      expect(mails[0].text_body).toContain(`http://localhost:3000/cert-flow/detail?id=${flowNo}&node=SAMPLE_CERT`);
    });
  });
});

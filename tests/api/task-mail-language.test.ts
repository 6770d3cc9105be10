import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { createSupplierExitActivities } from '#activities/supplier-exit-activities.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { insertExit } from '../support/exit-fixtures.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';

/** A staff member's task mail is in the language of their last login; Chinese for one who last used Chinese. */
describe('task mails in the recipient’s language', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const db = () => app.deps.db;
  const publicUrl = 'http://localhost:3000';
  /** What a login in that language leaves on the staff row (services/auth/staff-session.ts). */
  const lastLoginIn = (jobNumber: string, locale: 'zh' | 'en') => db().updateTable('staff').set({ locale }).where('job_number', '=', jobNumber).execute();
  const mailOf = (dedupeKey: string) => db().selectFrom('mail_outbox').select(['subject', 'text_body', 'locale']).where('dedupe_key', '=', dedupeKey).executeTakeFirstOrThrow();

  it('a node given to a principal who last logged in in English: the task mail is in English', async () => {
    const { flowNo } = await insertFlowAtNode(db(), 'SAMPLE_CERT');
    const supplierName = (await db().selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', flowNo).executeTakeFirstOrThrow()).supplier_name;
    await lastLoginIn('E10031', 'en');
    const acts = createCertFlowActivities({ db: db(), mailer: createOutboxMailer(db()), erp: app.deps.erp, publicUrl, appSecret: TEST_SECRET });
    const actor = { id: 'a', jobNumber: 'E10002', name: '王磊' };
    await new MockActivityEnvironment().run(acts.reassignRoles, { flowNo, assignments: [{ role: 'TECHNICAL_REVIEWER', jobNumber: 'E10031', name: '杨帆' }], actor });

    const mail = await mailOf(`task:${flowNo}-SAMPLE_CERT-NODE_PRINCIPAL:E10031`);
    expect(mail.subject).toBe(`New task: Sample certification (${supplierName})`);
    expect(mail.locale).toBe('en');
    expect(mail.text_body).toContain(`${publicUrl}/cert-flow/detail?id=${flowNo}&node=SAMPLE_CERT`);
  });

  it('an exit approver who last logged in in English gets the approval mail in English; one in Chinese, in Chinese', async () => {
    const acts = createSupplierExitActivities({ db: db(), erp: app.deps.erp, mailer: createOutboxMailer(db()), publicUrl });
    const supplierName = (await db().selectFrom('supplier').select('name').where('supplier_no', '=', 'SN000003').executeTakeFirstOrThrow()).name;

    await lastLoginIn('E10010', 'en');
    const en = await insertExit(db(), { status: 'submitted', approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501001'] });
    await acts.openExitApproval({ flowNo: en });
    expect((await mailOf(`exit-approval:${en}`)).subject).toBe(`New task: Supplier exit approval (${supplierName})`);

    await lastLoginIn('E10010', 'zh');
    const zh = await insertExit(db(), { status: 'submitted', approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501002'] });
    await acts.openExitApproval({ flowNo: zh });
    expect((await mailOf(`exit-approval:${zh}`)).subject).toBe(`待办任务：供应商退出审批（${supplierName}）`);
  });
});

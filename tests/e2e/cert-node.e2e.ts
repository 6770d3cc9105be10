import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import type { RunningStack } from '#infra/stack.ts';
import { validRegisterApply } from '../support/fixtures.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { chainedSteps } from './support/steps.ts';
import { as, confirmDialog, nodeStatuses, openProgress, pdf, staffCalls, stepNode, toast, uploadIn, waitNodeState } from './support/nodes.ts';
import { openTaskNo } from './support/review.ts';
import { submitQuestionnaireByApi } from './support/rfi-api.ts';
import { staffLogin } from './support/staff.ts';
import { supplierLogin } from './support/supplier.ts';

const COMPLETE_WARNING = '完成后节点将关闭，节点数据不可再编辑';
const IATF = 'IATF16949（TS16949）';

/**
 * Req flow §3.17, §4.2, §5.11: a trading-company flow reaches its certificate check (CERT) and the
 * quality reviewer works it in a real Chromium. The application, the questionnaire, the RFI review,
 * APTITUDE and KCP1 go through the same calls their screens make, each with its person's session
 * (those screens have their own suites).
 */
describe('the certificate check of a trading-company flow', () => {
  let stack: RunningStack;
  let browser: Browser;
  let pm: Page;
  let quality: Page;
  let flowNo: string;
  const supplierEmail = `e2e-cert-${Date.now()}@supplier.example.com`;
  const db = () => stack.db.db;
  const step = chainedSteps();

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  step('the flow is applied for, its questionnaire answered and reviewed, APTITUDE and KCP1 passed: CERT opens', async () => {
    pm = await staffLogin(browser, stack.appUrl, 'pm.wang', 'zh');
    const pmApi = staffCalls(pm, stack.appUrl);
    const apply = await validRegisterApply(db(), { certScenario: 'TRADING_COMPANY', contactEmail: supplierEmail });
    ({ flowNo } = await pmApi.post<{ flowNo: string }>('/v1/cert-flow-node/create', apply));

    // The supplier answers step 5 with its IATF16949 and ISO45001 files (domain/rfi/cases/fixtures.ts).
    const supplier = await supplierLogin(browser, stack.appUrl, supplierEmail, 'zh');
    await submitQuestionnaireByApi(stack.appUrl, supplier);
    await supplier.context().close();

    await pmApi.post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: await openTaskNo(db(), flowNo, 'PURCHASE_REVIEW') });
    const leader = await db()
      .selectFrom('cert_flow')
      .innerJoin('staff', 'staff.job_number', 'cert_flow.cmt_leader_job_number')
      .select('staff.username')
      .where('flow_no', '=', flowNo)
      .executeTakeFirstOrThrow();
    const cmt = await staffLogin(browser, stack.appUrl, leader.username, 'zh');
    await staffCalls(cmt, stack.appUrl).post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: await openTaskNo(db(), flowNo, 'CMT_REVIEW') });
    await cmt.context().close();

    await pmApi.post('/v1/cert-flow-aptitude/completed', { flowNo, description: '贸易商代理资质齐全', documentList: [await pmApi.upload('aptitude.pdf')] });
    await pmApi.post('/v1/cert-flow-kcp/submit', { flowNo, nodeCode: 'KCP1', accessStatus: 10, documentList: [await pmApi.upload('kcp1-minutes.pdf')] });
    expect(await nodeStatuses(db(), flowNo)).toMatchObject({ KCP1: NODE_STATUS.FINISHED, CERT: NODE_STATUS.IN_PROGRESS, SAMPLE_CERT: NODE_STATUS.NOT_FINISH });
  });

  step('others see the certificates read-only; only the task principal may complete', async () => {
    await as(pm, 'pm-cert', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      const panel = pm.getByTestId('cert-panel');
      await panel.getByText('IATF16949.pdf').waitFor();
      expect(await pm.getByTestId('cert-save').count()).toBe(0);
      expect(await panel.getByRole('radio', { name: '否' }).first().isDisabled()).toBe(true);
      const complete = pm.getByTestId('cert-complete');
      expect(await complete.getAttribute('data-disabled')).toBe('true');
      await complete.hover();
      await pm.getByRole('tooltip', { name: '只有任务负责人可以点击' }).waitFor();
    });
  });

  step('the quality reviewer sees the supplier’s answers, is told what is missing, uploads, saves and completes; SAMPLE_CERT opens', async () => {
    quality = await staffLogin(browser, stack.appUrl, 'quality.zhang', 'zh');
    await as(quality, 'quality-cert', async () => {
      await openProgress(quality, stack.appUrl, flowNo);
      const panel = quality.getByTestId('cert-panel');
      // Prefilled from the questionnaire's step 5.
      await panel.getByText('证书信息取自供应商RFI问卷').waitFor();
      const iatf = panel.locator('tr').filter({ hasText: IATF });
      await iatf.getByText('IATF16949.pdf').waitFor();
      await panel.locator('tr').filter({ hasText: 'ISO45001' }).getByText('ISO45001.pdf').waitFor();
      expect(await panel.locator('tr').filter({ hasText: 'ISO14000' }).getByRole('radio', { name: '否' }).isChecked()).toBe(true);

      // Changing the answer clears the file (req flow §5.11); held again, the file is required.
      await iatf.getByRole('radio', { name: '否' }).check();
      await iatf.getByText('未持有').waitFor();
      await iatf.getByRole('radio', { name: '是' }).check();
      expect(await iatf.getByText('IATF16949.pdf').count()).toBe(0);
      await quality.getByTestId('cert-complete').click();
      await iatf.getByText('请上传文件').waitFor();
      expect(await quality.getByRole('dialog').count()).toBe(0);

      await uploadIn(quality, iatf, pdf('IATF16949-2026.pdf'));
      expect(await iatf.getByText('请上传文件').count()).toBe(0);
      // The new file's certificate is dated: its validity is asked before the node completes.
      await quality.getByTestId('cert-complete').click();
      await iatf.getByText('请输入有效期至').waitFor();
      await iatf.getByLabel('生效日期').fill('2026-01-15');
      await iatf.getByLabel('有效期至').fill('2029-01-14');
      await quality.getByTestId('cert-save').click();
      await toast(quality, '保存成功');
      // Read back: the node's own copy now, with the new file.
      await panel.getByText('证书信息取自供应商RFI问卷').waitFor({ state: 'detached' });
      await iatf.getByText('IATF16949-2026.pdf').waitFor();

      await quality.getByTestId('cert-complete').click();
      expect(await confirmDialog(quality, '完成节点')).toContain(COMPLETE_WARNING);
      await toast(quality, '提交成功');
      // The completion answered with the next node open: no refresh.
      await waitNodeState(quality, 'SAMPLE_CERT', 'inProgress');
      expect(await stepNode(quality, 'CERT').getAttribute('data-node-state')).toBe('finished');
    });

    const form = await db()
      .selectFrom('cert_node_form')
      .select('form_values')
      .where('flow_no', '=', flowNo)
      .where('node_code', '=', 'CERT')
      .executeTakeFirstOrThrow();
    const rows = (form.form_values as { certificateList: { certificateType: string; hold?: boolean; certificateName?: string }[] }).certificateList;
    expect(rows.find((r) => r.certificateType === 'IATF16949')).toMatchObject({ hold: true, certificateName: 'IATF16949-2026.pdf' });
    expect(await nodeStatuses(db(), flowNo)).toMatchObject({ CERT: NODE_STATUS.FINISHED, SAMPLE_CERT: NODE_STATUS.IN_PROGRESS });
  });
});

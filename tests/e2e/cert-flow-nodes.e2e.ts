import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NODE_STATUS, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { SELF_INSPECTION_DOCUMENT_TYPE, type SelfInspectionDetail, type SupplierChecklistRow } from '#domain/cert-flow/nodes/self-inspection.ts';
import type { SystemCertDetail } from '#domain/cert-flow/nodes/system-cert.ts';
import type { RunningStack } from '#infra/stack.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { chainedSteps } from './support/steps.ts';
import { readNewestMail } from './support/mailbox.ts';
import { as, confirmDialog, nodeStatuses, openNode, openProgress, pdf, portalCalls, refresh, staffCalls, stepNode, toast, uploadIn, waitNodeState } from './support/nodes.ts';
import { portalLogin } from './support/portal.ts';
import { REVIEW_TEXT, openAudit, openTaskNo } from './support/review.ts';
import { submitQuestionnaireByApi } from './support/rfi-api.ts';
import { applyAsPurchasingManager, staffLogin } from './support/staff.ts';
import { supplierLogin } from './support/supplier.ts';

const QUALITY = { jobNumber: 'E10020', name: '张伟' };
const TECH = { jobNumber: 'E10021', name: '赵军' };
const PM = 'E10002';
const COMPLETE_WARNING = '完成后节点将关闭，节点数据不可再编辑';

/**
 * Spec 2 §2.3, §4.2–§4.9: one flow from the application to the second meeting (KCP2), worked in a
 * real Chromium by the people whose tasks the nodes are: the purchasing manager (pm.wang), the quality
 * reviewer (quality.zhang), the technical reviewer (tech.zhao) and the supplier on its portal, each
 * in their own browser context. One row of each repeated step goes through the screens; the others
 * through the same calls with the same person's session.
 */
describe('certification flow nodes, from the application to KCP2', () => {
  let stack: RunningStack;
  let browser: Browser;
  let pm: Page;
  let quality: Page;
  let tech: Page;
  let portal: Page;
  let flowNo: string;
  const supplierEmail = `e2e-nodes-${Date.now()}@supplier.example.com`;
  const db = () => stack.db.db;
  const step = chainedSteps();

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  step('the application and the RFI review: the flow reaches APTITUDE and the supplier gets its portal account', async () => {
    ({ page: pm, flowNo } = await applyAsPurchasingManager(browser, stack.appUrl, 'zh', { email: supplierEmail }));
    const flow = await db().selectFrom('cert_flow').select('cert_scenario').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.cert_scenario).toBe('NEW_SUPPLIER');

    // Test data, said openly: the run has three staff users, so quality.zhang also holds the flow's
    // production, supply and business responsibilities. Set before SELF_INSPECTION opens, whose rows
    // take their owners from these roles (domain/cert-flow/dimensions.ts); the technology row stays
    // with the technical reviewer tech.zhao.
    await db()
      .updateTable('cert_flow_role')
      .set({ job_number: QUALITY.jobNumber, name: QUALITY.name })
      .where('flow_no', '=', flowNo)
      .where('role', 'in', ['QUALITY_OPERATIONS', 'SUPPLY_REVIEWER', 'BUSINESS_REVIEWER'])
      .execute();
    const roles = await db().selectFrom('cert_flow_role').select(['role', 'job_number']).where('flow_no', '=', flowNo).execute();
    const holder = (role: string) => roles.find((r) => r.role === role)?.job_number;
    expect([holder('QUALITY_REVIEWER'), holder('QUALITY_OPERATIONS'), holder('SUPPLY_REVIEWER'), holder('BUSINESS_REVIEWER')]).toEqual(Array(4).fill(QUALITY.jobNumber));
    expect(holder('TECHNICAL_REVIEWER')).toBe(TECH.jobNumber);

    const supplier = await supplierLogin(browser, stack.appUrl, supplierEmail, 'zh');
    await submitQuestionnaireByApi(stack.appUrl, supplier);
    await supplier.context().close();

    // The purchasing manager passes the review on the audit page; it returns to the progress page.
    await as(pm, 'pm-rfi', async () => {
      await openAudit(pm, 'zh', flowNo, await openTaskNo(db(), flowNo, 'PURCHASE_REVIEW'));
      await pm.getByRole('button', { name: REVIEW_TEXT.zh.approve, exact: true }).click();
      await pm.waitForURL((url) => url.pathname === '/cert-flow/detail' && url.searchParams.get('id') === flowNo, { timeout: 15_000 });
    });
    // The CMT leader's pass through its API, with the leader's own session (the screen is rfi-review.e2e.ts).
    const leader = await db()
      .selectFrom('cert_flow')
      .innerJoin('staff', 'staff.job_number', 'cert_flow.cmt_leader_job_number')
      .select('staff.username')
      .where('flow_no', '=', flowNo)
      .executeTakeFirstOrThrow();
    const cmt = await staffLogin(browser, stack.appUrl, leader.username, 'zh');
    await staffCalls(cmt, stack.appUrl).post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: await openTaskNo(db(), flowNo, 'CMT_REVIEW') });
    await cmt.context().close();
    // The review that passed the round answered with APTITUDE open.
    expect((await nodeStatuses(db(), flowNo)).APTITUDE).toBe(NODE_STATUS.IN_PROGRESS);

    await as(pm, 'pm-after-rfi', async () => {
      await pm.locator('[data-testid="progress-page"]').waitFor();
      // The CMT leader decided in another browser after this page had loaded.
      await refresh(pm);
      await waitNodeState(pm, 'APTITUDE', 'inProgress');
      expect(await stepNode(pm, 'RFI').getAttribute('data-node-state')).toBe('finished');
      // Spec 2 §2.3: the page opens on the node the flow is at; a node not reached cannot be opened.
      await pm.locator('[data-testid="node-area"][data-node-code="APTITUDE"]').waitFor();
      expect(await stepNode(pm, 'KCP1').getAttribute('aria-disabled')).toBe('true');
    });

    // The RFI passed: the contact is told about its new portal account.
    const mail = await readNewestMail(browser, stack.appUrl, supplierEmail, /供应商门户账号已开通/);
    expect(mail).toContain('/client/portal/login');
  });

  step('APTITUDE: read-only for others; the purchasing manager completes it with a summary and a file', async () => {
    tech = await staffLogin(browser, stack.appUrl, 'tech.zhao', 'zh');
    await as(tech, 'tech-aptitude', async () => {
      await openProgress(tech, stack.appUrl, flowNo);
      const panel = tech.getByTestId('aptitude-panel');
      await panel.waitFor();
      expect(await tech.getByTestId('aptitude-save').count()).toBe(0);
      expect(await panel.getByLabel('概述').getAttribute('readonly')).not.toBeNull();
      const complete = tech.getByTestId('aptitude-complete');
      expect(await complete.getAttribute('data-disabled')).toBe('true');
      await complete.hover();
      await tech.getByRole('tooltip', { name: '只有任务负责人可以点击' }).waitFor();
      await complete.click();
      expect(await tech.getByRole('dialog').count()).toBe(0);
    });

    await as(pm, 'pm-aptitude', async () => {
      const panel = pm.getByTestId('aptitude-panel');
      await panel.getByLabel('概述').fill('资质文件齐全，与座椅骨架品类匹配');
      await uploadIn(pm, panel, pdf('aptitude-matching.pdf'));
      await pm.getByTestId('aptitude-complete').click();
      expect(await confirmDialog(pm, '完成节点')).toContain(COMPLETE_WARNING);
      await toast(pm, '提交成功');
      await waitNodeState(pm, 'KCP1', 'inProgress');
      expect(await stepNode(pm, 'APTITUDE').getAttribute('data-node-state')).toBe('finished');
      await pm.locator('[data-testid="node-area"][data-node-code="KCP1"]').waitFor();
    });
  });

  step('KCP1: the purchasing manager passes the meeting with an attachment; SELF_INSPECTION opens', async () => {
    await as(pm, 'pm-kcp1', async () => {
      const panel = pm.getByTestId('kcp1-panel');
      await panel.getByRole('radio', { name: '通过', exact: true }).check();
      await uploadIn(pm, panel, pdf('kcp1-minutes.pdf'));
      await pm.getByTestId('kcp1-submit').click();
      expect(await confirmDialog(pm, '完成节点')).toContain(COMPLETE_WARNING);
      await toast(pm, '提交成功');
      await waitNodeState(pm, 'SELF_INSPECTION', 'inProgress');
      expect(await stepNode(pm, 'KCP1').getAttribute('data-node-state')).toBe('finished');
      // The finished node still opens, read-only, with what was submitted.
      const kcp1 = await openNode(pm, 'KCP1');
      await kcp1.getByText('kcp1-minutes.pdf').waitFor();
      expect(await kcp1.getByRole('radio', { name: '通过', exact: true }).isChecked()).toBe(true);
      expect(await pm.getByTestId('kcp1-submit').count()).toBe(0);
    });
  });

  step('SELF_INSPECTION: checklists issued, submitted by the supplier on its portal, approved; the node completes itself', async () => {
    quality = await staffLogin(browser, stack.appUrl, 'quality.zhang', 'zh');
    const qualityApi = staffCalls(quality, stack.appUrl);
    const techApi = staffCalls(tech, stack.appUrl);
    const detail = await qualityApi.get<SelfInspectionDetail>('/v1/self-inspection/detail', { flowNo });
    expect(detail.rows.map((r) => [r.dimensionCode, r.principalId])).toEqual([
      ['QUALITY', QUALITY.jobNumber],
      ['TECHNOLOGY', TECH.jobNumber],
      ['PRODUCTION', QUALITY.jobNumber],
      ['SUPPLY', QUALITY.jobNumber],
      ['BUSINESS', QUALITY.jobNumber],
    ]);
    const aid = (code: string) => detail.rows.find((r) => r.dimensionCode === code)!.aid;

    // Issue: the quality row through the dialog, the other rows through the same call by their owners.
    await as(quality, 'quality-issue', async () => {
      await openProgress(quality, stack.appUrl, flowNo);
      const row = quality.getByTestId('self-inspection-row-QUALITY');
      await row.getByText('待下发').waitFor();
      // Only a row's owner acts on it.
      expect(await quality.getByTestId('self-inspection-row-TECHNOLOGY').getByRole('button').count()).toBe(0);
      await row.getByRole('button', { name: '上传并下发' }).click();
      const dialog = quality.getByRole('dialog', { name: '下发自检清单：质量管理' });
      await uploadIn(quality, dialog, pdf('quality-checklist.pdf'));
      await dialog.getByTestId('self-inspection-issue-confirm').click();
      expect(await confirmDialog(quality, '下发自检清单')).toContain('邮件通知供应商');
      await toast(quality, '操作成功');
      await row.getByText('待供应商提交').waitFor();
    });
    const issue = async (api: typeof qualityApi, code: string) => {
      const file = await api.upload(`${code.toLowerCase()}-checklist.pdf`);
      await api.post('/v1/self-inspection/checklist/issue', { aid: aid(code), flowNo, documentType: SELF_INSPECTION_DOCUMENT_TYPE, ...file });
    };
    for (const code of ['PRODUCTION', 'SUPPLY', 'BUSINESS']) await issue(qualityApi, code);
    await issue(techApi, 'TECHNOLOGY');

    // The supplier logs in to its portal with a mailed code and works the checklists.
    portal = await portalLogin(browser, stack.appUrl, supplierEmail);
    await as(portal, 'portal-self-inspection', async () => {
      const row = portal.locator('tr').filter({ hasText: flowNo });
      await row.getByRole('link', { name: '填写自检' }).click();
      await portal.waitForURL((url) => url.pathname === '/client/portal/self-inspection' && url.searchParams.get('flowNo') === flowNo);
      const card = portal.getByTestId('checklist-QUALITY');
      await card.getByText('待供应商提交').waitFor();
      expect(await portal.locator('[data-testid^="checklist-"]').count()).toBe(5);
      await card.getByLabel('自评分').fill('88.5');
      await uploadIn(portal, card, pdf('quality-self-inspection.pdf'));
      await card.getByRole('button', { name: '提交', exact: true }).click();
      await toast(portal, '提交成功');
      await card.getByText('待审核').waitFor();
      await card.getByText('自评分：88.5').waitFor();
    });
    const supplierApi = await portalCalls(portal, stack.appUrl);
    const mine = await supplierApi.post<{ records: SupplierChecklistRow[] }>('/v1/self-inspection/checklist/page', { flowNo, currentPage: 1, pageSize: 20 });
    for (const r of mine.records.filter((x) => x.dimensionCode !== 'QUALITY')) {
      const file = await supplierApi.upload(`${r.dimensionCode.toLowerCase()}-self-inspection.pdf`);
      await supplierApi.post('/v1/self-inspection/checklist/submit', { aid: r.aid, selfScore: 80, ...file });
    }

    // Audit: the quality row in the dialog, the rest by their owners; the last approval closes the node.
    await as(quality, 'quality-audit', async () => {
      await refresh(quality);
      const row = quality.getByTestId('self-inspection-row-QUALITY');
      await row.getByText('待审核').waitFor({ timeout: 15_000 });
      await row.getByText('quality-self-inspection.pdf').waitFor();
      await row.getByRole('button', { name: '审核' }).click();
      const dialog = quality.getByRole('dialog', { name: '审核：质量管理' });
      await dialog.getByRole('combobox', { name: '审核结论' }).click();
      await quality.getByRole('option', { name: '通过', exact: true }).click();
      await dialog.getByTestId('self-inspection-audit-confirm').click();
      await toast(quality, '操作成功');
      await row.getByText('通过').waitFor();
    });
    for (const code of ['PRODUCTION', 'SUPPLY', 'BUSINESS']) await qualityApi.post('/v1/self-inspection/audit-conclusion/submit', { aid: aid(code), flowNo, approveStatus: 50 });
    expect((await nodeStatuses(db(), flowNo)).SELF_INSPECTION).toBe(NODE_STATUS.IN_PROGRESS);
    await techApi.post('/v1/self-inspection/audit-conclusion/submit', { aid: aid('TECHNOLOGY'), flowNo, approveStatus: 50 });

    // Nobody pressed 'complete': spec 2 §4.2, the node completes itself once every row is approved, and
    // the last approval answered with SYSTEM_CERT open.
    expect(await nodeStatuses(db(), flowNo)).toMatchObject({ SELF_INSPECTION: NODE_STATUS.FINISHED, SYSTEM_CERT: NODE_STATUS.IN_PROGRESS });
    await as(quality, 'quality-self-inspection-done', async () => {
      // The technical reviewer's approval came from another browser.
      await refresh(quality);
      await waitNodeState(quality, 'SYSTEM_CERT', 'inProgress');
      expect(await stepNode(quality, 'SELF_INSPECTION').getAttribute('data-node-state')).toBe('finished');
    });
  });

  step('SYSTEM_CERT: the purchasing manager picks the experts, the experts score, the quality expert completes', async () => {
    await as(pm, 'pm-experts', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      await pm.getByTestId('system-cert-panel').waitFor();
      // The self scores come from the approved self-inspection rows.
      await pm.getByTestId('system-cert-row-QUALITY').getByText('88.50').waitFor();
      for (const code of ['QUALITY', 'TECHNOLOGY', 'PRODUCTION', 'SUPPLY', 'BUSINESS']) {
        const expert = code === 'QUALITY' ? QUALITY : TECH;
        const box = pm.getByTestId(`system-cert-row-${code}`).getByRole('combobox');
        await box.click();
        await box.fill(expert.jobNumber);
        await pm.getByRole('option', { name: `${expert.name} (${expert.jobNumber})` }).click();
      }
      await pm.getByTestId('system-cert-save-experts').click();
      await toast(pm, '保存成功');
      // Saved and read back: the step moves on to scoring; the choices stay in place.
      expect(await pm.getByTestId('system-cert-row-TECHNOLOGY').getByRole('combobox').inputValue()).toBe(`${TECH.name} (${TECH.jobNumber})`);
    });
    const assigned = await db().selectFrom('system_cert_item').select(['index_code', 'approve_expert_id']).where('flow_no', '=', flowNo).execute();
    expect(Object.fromEntries(assigned.map((a) => [a.index_code, a.approve_expert_id]))).toEqual({
      QUALITY: QUALITY.jobNumber,
      TECHNOLOGY: TECH.jobNumber,
      PRODUCTION: TECH.jobNumber,
      SUPPLY: TECH.jobNumber,
      BUSINESS: TECH.jobNumber,
    });

    // The quality expert scores its own row on the screen.
    await as(quality, 'quality-score', async () => {
      await refresh(quality);
      const row = quality.getByTestId('system-cert-row-QUALITY');
      await row.getByLabel('风险项').waitFor({ timeout: 15_000 });
      const count = await row.locator('input.mantine-NumberInput-input').count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) await row.locator('input.mantine-NumberInput-input').nth(i).fill(String(90 + i));
      await row.getByLabel('风险项').fill('来料检验抽样比例偏低');
      await row.getByRole('combobox', { name: '专家组结论' }).click();
      await quality.getByRole('option', { name: '合格', exact: true }).click();
      await row.getByRole('button', { name: '提交', exact: true }).click();
      await toast(quality, '提交成功');
    });

    // The technical expert scores the other four with the same call, in his session.
    const techApi = staffCalls(tech, stack.appUrl);
    const items = (await techApi.get<SystemCertDetail>('/v1/system-cert/task-detail', { flowNo })).items;
    for (const item of items.filter((i) => i.indexCode !== 'QUALITY')) {
      await techApi.post('/v1/system-cert/save', {
        flowNo,
        indexCode: item.indexCode,
        targetList: item.targetList.map((t) => ({ targetCode: t.targetCode, score: 85 })),
        riskDesc: null,
        expertConclusionStatus: 10,
        documentList: [],
      });
    }

    // Only the quality expert completes (spec 2 §4.8): tech.zhao sees the button inert with the reason.
    await as(tech, 'tech-system-cert', async () => {
      await openProgress(tech, stack.appUrl, flowNo);
      const complete = tech.getByTestId('system-cert-complete');
      await complete.waitFor();
      expect(await complete.getAttribute('data-disabled')).toBe('true');
      await complete.hover();
      await tech.getByRole('tooltip', { name: '只有质量评审专家可以点击' }).waitFor();
    });
    await as(quality, 'quality-complete', async () => {
      await refresh(quality);
      await quality.getByTestId('system-cert-row-BUSINESS').getByText('已提交').waitFor({ timeout: 15_000 });
      await quality.getByTestId('system-cert-complete').click();
      expect(await confirmDialog(quality, '完成节点')).toContain(COMPLETE_WARNING);
      await toast(quality, '提交成功');
      await waitNodeState(quality, 'SAMPLE_CERT', 'inProgress');
      expect(await stepNode(quality, 'SYSTEM_CERT').getAttribute('data-node-state')).toBe('finished');
    });
  });

  step('SAMPLE_CERT: the technical reviewer concludes; the flow moves on to KCP2', async () => {
    await as(pm, 'pm-sample-cert', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      const finish = pm.getByTestId('sample-cert-finish');
      await finish.waitFor();
      expect(await finish.getAttribute('data-disabled')).toBe('true');
      await finish.hover();
      await pm.getByRole('tooltip', { name: '只有任务负责人可以点击' }).waitFor();
    });
    await as(tech, 'tech-sample-cert', async () => {
      await refresh(tech);
      const panel = tech.getByTestId('sample-cert-panel');
      await panel.waitFor({ timeout: 15_000 });
      await panel.getByRole('radio', { name: '通过', exact: true }).check();
      await panel.getByLabel('描述').fill('样件尺寸、焊接强度及盐雾试验均符合要求');
      await uploadIn(tech, panel, pdf('sample-test-report.pdf'));
      await tech.getByTestId('sample-cert-finish').click();
      expect(await confirmDialog(tech, '完成节点')).toContain(COMPLETE_WARNING);
      await toast(tech, '提交成功');
      await waitNodeState(tech, 'KCP2', 'inProgress');
      expect(await stepNode(tech, 'SAMPLE_CERT').getAttribute('data-node-state')).toBe('finished');
      expect(await stepNode(tech, 'PUBLICITY').getAttribute('data-node-state')).toBe('notStarted');
    });

    // The projection: every node before KCP2 finished, KCP2 open, the later ones not started.
    const statuses = await nodeStatuses(db(), flowNo);
    for (const code of ['RFI', 'APTITUDE', 'KCP1', 'SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT']) expect([code, statuses[code]]).toEqual([code, NODE_STATUS.FINISHED]);
    expect(statuses.KCP2).toBe(NODE_STATUS.IN_PROGRESS);
    for (const code of ['PUBLICITY', 'RELEASE']) expect([code, statuses[code]]).toEqual([code, NODE_STATUS.NOT_FINISH]);

    // One principal task per node, held by the node's role holder; the finished ones closed.
    const tasks = await db()
      .selectFrom('cert_task')
      .select(['node_code', 'principal_job_number', 'status'])
      .where('flow_no', '=', flowNo)
      .where('task_type', '=', 'NODE_PRINCIPAL')
      .orderBy('created_at')
      .execute();
    expect(tasks.map((t) => [t.node_code, t.principal_job_number, t.status])).toEqual([
      ['APTITUDE', PM, TASK_STATUS.FINISHED],
      ['KCP1', PM, TASK_STATUS.FINISHED],
      ['SELF_INSPECTION', QUALITY.jobNumber, TASK_STATUS.FINISHED],
      ['SYSTEM_CERT', PM, TASK_STATUS.FINISHED],
      ['SAMPLE_CERT', TECH.jobNumber, TASK_STATUS.FINISHED],
      ['KCP2', PM, TASK_STATUS.IN_PROGRESS],
    ]);
  });
});

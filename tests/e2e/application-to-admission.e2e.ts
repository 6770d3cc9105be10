import { newTaxNumber } from '../support/erp-vendors.ts';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { Client, Connection } from '@temporalio/client';
import { wireDay } from '#domain/date-time.ts';
import { NODE_STATUS, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { APPROVAL_STATUS, CODE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { SELF_INSPECTION_DOCUMENT_TYPE, type SelfInspectionDetail, type SupplierChecklistRow } from '#domain/cert-flow/nodes/self-inspection.ts';
import type { SystemCertDetail } from '#domain/cert-flow/nodes/system-cert.ts';
import type { RunningStack } from '#infra/stack.ts';
import { certFlowWorkflowId, SA } from '#workflows/definitions.ts';
import { shortenScenarioPublicity } from '../support/drive-flow.ts';
import { testErp } from '../support/erp.ts';
import { startTestStack } from '../support/stack.ts';
import { launchBrowser } from './support/browser.ts';
import { chainedSteps } from './support/steps.ts';
import { readNewestMail } from './support/mailbox.ts';
import { as, clickAsPrincipal, confirmDialog, nodeStatuses, openNode, openProgress, pdf, portalCalls, refresh, staffCalls, stepNode, toast, uploadIn, waitNodeState } from './support/nodes.ts';
import { portalLogin } from './support/portal.ts';
import { REVIEW_TEXT, openAudit, openTaskNo } from './support/review.ts';
import { submitQuestionnaireByApi } from './support/rfi-api.ts';
import { applyAsPurchasingManager, openFlowList, staffLogin } from './support/staff.ts';
import { supplierLogin } from './support/supplier.ts';

const QUALITY = { jobNumber: 'E10020', name: '张伟' };
const TECH = { jobNumber: 'E10021', name: '赵军' };
const PM = 'E10002';
const TODO_PRINCIPAL = { search: '张伟', option: '张伟 (E10020)', jobNumber: 'E10020' };
const COMPLETE_WARNING = '完成后节点将关闭，节点数据不可再编辑';
const FORM_INVALID = '表单存在未填写/填写错误，请滑动表单检查并修改';
const VALID_IBAN = 'DE89 3704 0044 0532 0130 00';
/** The same IBAN with its last digit changed: the check digits no longer match. */
const WRONG_IBAN = 'DE89370400440532013001';
/** A credit code of this run: the ERP keeps one vendor per tax number. */
const CREDIT_CODE = newTaxNumber();

/**
 * Req flow §2.3–§2.6, §3.5–§3.16, §4.2–§4.9, §5.6–§5.12: one flow from the application to stage 90,
 * worked in a real Chromium by the people whose tasks the nodes are — the purchasing manager
 * (pm.wang), the flow's CMT leader as reviewer and approver, the quality reviewer (quality.zhang),
 * the technical reviewer (tech.zhao) and the supplier in its questionnaire and on its portal — each in
 * their own browser context, against the whole stack (the ERP is the run's ERP simulator). One row of
 * each repeated step goes through the screens; the others through the same calls with the same
 * person's session. Where a step reads the database it checks what no screen shows.
 */
describe('one certification flow, from the application to an admitted supplier', () => {
  let stack: RunningStack;
  let browser: Browser;
  let connection: Connection;
  let pm: Page;
  let cmt: Page;
  let quality: Page;
  let tech: Page;
  let portal: Page;
  let flowNo: string;
  /** The ERP's supplier code, once the CMT leader approved the application. */
  let supplierCode = '';
  const supplierEmail = `e2e-nodes-${Date.now()}@supplier.example.com`;
  const db = () => stack.db.db;
  const step = chainedSteps();

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
    connection = await Connection.connect({ address: stack.temporalAddress });
  });
  afterAll(async () => {
    await browser?.close();
    await connection?.close();
    await stack?.stop();
  });

  step('the application and the RFI review: the flow reaches APTITUDE and the supplier gets its portal account', async () => {
    ({ page: pm, flowNo } = await applyAsPurchasingManager(browser, stack.appUrl, 'zh', { email: supplierEmail, creditCode: CREDIT_CODE }));
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
    cmt = await staffLogin(browser, stack.appUrl, leader.username, 'zh');
    await staffCalls(cmt, stack.appUrl).post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: await openTaskNo(db(), flowNo, 'CMT_REVIEW') });
    // The review that passed the round answered with APTITUDE open.
    expect((await nodeStatuses(db(), flowNo)).APTITUDE).toBe(NODE_STATUS.IN_PROGRESS);

    await as(pm, 'pm-after-rfi', async () => {
      await pm.locator('[data-testid="progress-page"]').waitFor();
      // The CMT leader decided in another browser after this page had loaded.
      await refresh(pm);
      await waitNodeState(pm, 'APTITUDE', 'inProgress');
      expect(await stepNode(pm, 'RFI').getAttribute('data-node-state')).toBe('finished');
      // Req flow §2.3: the page opens on the node the flow is at; a node not reached cannot be opened.
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
      await clickAsPrincipal(pm, 'aptitude-complete');
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
      await clickAsPrincipal(pm, 'kcp1-submit');
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
      // The stored file is a link the supplier can open to check what it sends.
      expect(await card.getByRole('link', { name: 'quality-self-inspection.pdf', exact: true }).count()).toBe(1);
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

    // Nobody pressed 'complete': req flow §4.2, the node completes itself once every row is approved, and
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
      // The eligible experts are offered before anything is typed.
      await pm.getByTestId('system-cert-row-QUALITY').getByRole('combobox').click();
      await pm.getByRole('option', { name: `${QUALITY.name} (${QUALITY.jobNumber})` }).waitFor();
      await pm.getByRole('option', { name: '陈刚 (E10030)' }).waitFor();
      await pm.keyboard.press('Escape');
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

    // Only the quality expert completes (req flow §4.8): tech.zhao sees the button inert with the reason.
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
      await clickAsPrincipal(quality, 'system-cert-complete');
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
      await clickAsPrincipal(tech, 'sample-cert-finish');
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

  async function refreshUntil(page: Page, target: Locator, what: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await refresh(page);
      if (await target.waitFor({ timeout: 3000 }).then(() => true, () => false)) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    }
  }

  /** Picks an option of a Mantine select (or multi-select) named `name` inside `scope`. */
  async function choose(page: Page, scope: Locator | Page, name: string, option: string, typed?: string): Promise<void> {
    const box = scope.getByRole('combobox', { name, exact: true });
    await box.click();
    if (typed) await box.fill(typed);
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Adds a to-do in row `n` (1-based) of the to-do table inside `scope`: name, description, principal by staff search, close date. */
  async function addTodo(page: Page, scope: Locator, n: number, todo: { name: string; desc: string; closeDate: string }): Promise<void> {
    await scope.getByRole('button', { name: '添加待办' }).click();
    await scope.getByLabel(`第${n}行待办事项`).fill(todo.name);
    await scope.getByLabel(`第${n}行待办描述`).fill(todo.desc);
    await choose(page, scope, `第${n}行责任人`, TODO_PRINCIPAL.option, TODO_PRINCIPAL.search);
    await scope.getByLabel(`第${n}行计划完成时间`).fill(todo.closeDate);
  }

  /** The approval record card of an approval task: approve; the tab closes and the approver lands on the progress page. */
  async function approveOnCard(page: Page): Promise<void> {
    await page.getByTestId('approval-records').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('approval-status').innerText()).toBe('审批中');
    await page.getByRole('button', { name: '通过', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/cert-flow/detail' && url.searchParams.get('id') === flowNo, { timeout: 15_000 });
  }

  // A week ahead, in the China wall time the to-dos are kept in (domain/date-time.ts).
  const closeDate = `${wireDay(new Date(), 7)}T18:00:00`;

  step('KCP2: pm.wang saves the high-potential conclusion with an attachment and a to-do', async () => {
    // Wide enough for the high-potential dialog's 1300 px (req flow §2.6) beside the modal's 5 % margins.
    await pm.setViewportSize({ width: 1600, height: 900 });
    await as(pm, 'pm-kcp2-save', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      await waitNodeState(pm, 'KCP2', 'inProgress');
      const panel = pm.getByTestId('kcp2-panel');
      await panel.waitFor({ timeout: 15_000 });
      // The high-potential application needs the saved conclusion (req flow §4.4): inert until then.
      expect(await pm.getByTestId('kcp2-high-potential').getAttribute('data-disabled')).toBe('true');

      await panel.getByRole('radio', { name: '高潜供应商准入', exact: true }).check();
      await uploadIn(pm, panel, pdf('kcp2-meeting-minutes.pdf'));
      await addTodo(pm, panel, 1, { name: '补充产能评估报告', desc: '供应商提交近三年产能及扩产计划，采购复核', closeDate });
      await clickAsPrincipal(pm, 'kcp2-save');
      await toast(pm, '保存成功');

      // Read back: the to-do is saved, in progress, with its principal.
      await pm.locator('[data-testid="kcp2-high-potential"]:not([data-disabled])').waitFor();
      expect(await panel.getByLabel('第1行待办事项').inputValue()).toBe('补充产能评估报告');
      expect(await panel.getByRole('combobox', { name: '第1行责任人' }).inputValue()).toBe(TODO_PRINCIPAL.option);
      await panel.getByText('进行中', { exact: true }).waitFor();
      await panel.getByText('kcp2-meeting-minutes.pdf').waitFor();
    });
    // The to-do is its principal's task (in their open tasks, mailed).
    const todo = await db().selectFrom('cert_task').select(['principal_job_number', 'status']).where('flow_no', '=', flowNo).where('task_type', '=', 'TODO').executeTakeFirstOrThrow();
    expect(todo).toEqual({ principal_job_number: TODO_PRINCIPAL.jobNumber, status: TASK_STATUS.IN_PROGRESS });
  });

  step('high potential: pm.wang submits the application with its conclusion file and a to-do; it is in approval', async () => {
    await as(pm, 'pm-high-potential', async () => {
      await pm.getByTestId('kcp2-high-potential').click();
      const dialog = pm.getByRole('dialog', { name: '高潜供应商申请' });
      await dialog.getByTestId('high-potential-dialog').waitFor();
      // Req flow §2.6: the dialog is 1300 px wide.
      expect(Math.round((await dialog.boundingBox())!.width)).toBe(1300);
      expect(await dialog.getByTestId('high-potential-status').innerText()).toBe('未开始');

      await uploadIn(pm, dialog, pdf('high-potential-conclusion.pdf'));
      await addTodo(pm, dialog, 1, { name: '高潜供应商培育计划', desc: '制定一年期培育计划并季度复盘', closeDate });
      await dialog.getByTestId('high-potential-submit').click();
      await toast(pm, '提交成功');
      await dialog.waitFor({ state: 'detached' });

      const panel = pm.getByTestId('kcp2-panel');
      const status = panel.getByTestId('high-potential-status');
      await panel.locator(`[data-testid="high-potential-status"][data-status="${APPROVAL_STATUS.INPROGRESS}"]`).waitFor({ timeout: 15_000 });
      expect(await status.innerText()).toBe('审批中');
      // Req flow §4.4: KCP2 cannot be completed while the approval runs; no supplier code before it is approved.
      expect(await pm.getByTestId('kcp2-completion-blocked').innerText()).toBe('高潜供应商申请流程正在进行中，流程完成后才能完成当前节点任务！');
      expect(await pm.getByTestId('kcp2-supplier-code').getAttribute('data-disabled')).toBe('true');
    });
  });

  step('high potential: the CMT leader approves from "my open tasks" on the approval card; pm.wang sees it finished', async () => {
    await as(cmt, 'cmt-high-potential', async () => {
      await cmt.goto(`${stack.appUrl}/dashboard`);
      const task = cmt.getByTestId('my-tasks').locator(`tr[data-task-no="${flowNo}-HP-1-1"]`);
      await task.getByRole('link', { name: '高潜供应商申请审批' }).click();
      await cmt.waitForURL((url) => url.pathname === '/cert-flow/approval' && url.searchParams.get('taskNo') === `${flowNo}-HP-1-1`);
      await approveOnCard(cmt);
    });
    await as(pm, 'pm-high-potential-finished', async () => {
      const panel = pm.getByTestId('kcp2-panel');
      await refreshUntil(pm, panel.locator(`[data-testid="high-potential-status"][data-status="${APPROVAL_STATUS.FINISHED}"]`), 'the high-potential approval finished');
      expect(await panel.getByTestId('high-potential-status').innerText()).toBe('审批通过');
      expect(await pm.getByTestId('kcp2-completion-blocked').count()).toBe(0);
    });
  });

  step('supplier code: pm.wang applies, confirms, and fills and submits the release form on PRERELEASE', async () => {
    await as(pm, 'pm-release', async () => {
      await pm.locator('[data-testid="kcp2-supplier-code"]:not([data-disabled])').waitFor();
      await pm.getByTestId('kcp2-supplier-code').click();
      expect(await confirmDialog(pm, '申请供应商编码')).toContain('确定申请供应商编码吗');
      await pm.waitForURL((url) => url.searchParams.get('node') === 'PRERELEASE');
      await pm.locator('[data-testid="node-area"][data-node-code="PRERELEASE"]').waitFor({ timeout: 15_000 });
      expect(await stepNode(pm, 'PRERELEASE').count()).toBe(1);
      const form = pm.getByTestId('release-panel');
      await form.waitFor({ timeout: 20_000 });
      expect(await pm.getByTestId('release-status').getAttribute('data-status')).toBe(String(CODE_STATUS.NEW));

      // Prefilled from the questionnaire: the supplier, its invoice, its contact, a default bank row in its name;
      // the high-potential conclusion file; the default purchasing organisations.
      expect(await form.getByLabel('供应商名称').inputValue()).toBe('苏州某某汽车零部件有限公司');
      // No supplier code before the ERP gives one (the flow number is none); the credit code is the one applied with.
      expect(await pm.getByTestId('release-supplier-code').inputValue()).toBe('');
      expect(await form.getByLabel('统一社会信用代码').inputValue()).toBe(CREDIT_CODE);
      await form.getByText('high-potential-conclusion.pdf').waitFor();
      const bank0 = pm.getByTestId('bank-row-0');
      expect(await bank0.getAttribute('data-default')).toBe('true');
      expect(await bank0.getByLabel('账户名称', { exact: true }).inputValue()).toBe('苏州某某汽车零部件有限公司');

      // What the questionnaire does not answer: staff give the short name.
      await form.getByLabel('供应商简称').fill('苏州某某');

      // A non-EU account: the branch chosen from the search brings its SWIFT code.
      await choose(pm, bank0, '银行总行', '中国工商银行');
      await bank0.getByLabel('开户行名称').fill('嘉定');
      await pm.getByRole('option', { name: '中国工商银行上海嘉定支行', exact: true }).click();
      expect(await bank0.getByLabel('SWIFT/联行号').inputValue()).toBe('ICBKCNBJSHI');
      await bank0.getByLabel('银行账号').fill('6222021001123456789');
      await uploadIn(pm, bank0, pdf('icbc-account-licence.pdf'));

      // An EU account, entered with a wrong IBAN for now; its account name differs, so the reason is asked.
      await form.getByRole('button', { name: '添加银行' }).click();
      const bank1 = pm.getByTestId('bank-row-1');
      await bank1.getByRole('radio', { name: '欧盟', exact: true }).check();
      await bank1.getByLabel('IBAN').waitFor();
      expect(await bank1.getByLabel('银行账号').count()).toBe(0);
      await choose(pm, bank1, '银行总行', '德意志银行');
      await bank1.getByLabel('开户行名称').fill('法兰克福');
      await pm.getByRole('option', { name: '德意志银行法兰克福', exact: true }).click();
      expect(await bank1.getByLabel('BIC').inputValue()).toBe('DEUTDEFF');
      await bank1.getByLabel('IBAN').fill(WRONG_IBAN);
      await bank1.getByLabel('账户名称', { exact: true }).fill('SUZHOU EXAMPLE AUTO PARTS');
      await bank1.getByLabel('账户名称不一致理由').fill('欧元账户以公司英文名称开立');
      await uploadIn(pm, bank1, pdf('deutsche-bank-account-licence.pdf'));
      // The EU account becomes the default; the default account cannot be deleted.
      await bank1.getByRole('radio', { name: '默认账号' }).check();
      expect(await bank1.getAttribute('data-default')).toBe('true');
      expect(await bank0.getAttribute('data-default')).toBeNull();
      await bank1.getByRole('button', { name: '删除银行账户 2' }).click();
      await toast(pm, '请至少保留一个默认账号');
      expect(await pm.locator('[data-testid^="bank-row-"]').count()).toBe(2);

      // Purchase data and two purchase-group rows, the second with overseas orders.
      await choose(pm, form, '统驭科目', '应付账款-国内供应商');
      await choose(pm, form, '付款方式', '银行转账');
      const group0 = pm.getByTestId('purchase-group-row-0');
      await choose(pm, group0, '付款条件', '发票日后30天付款');
      await choose(pm, group0, '订单币种', '人民币');
      await group0.getByRole('radio', { name: '否', exact: true }).check();
      expect(await group0.getByLabel('贸易条款').count()).toBe(0);
      await form.getByRole('button', { name: '添加采购组织' }).click();
      const group1 = pm.getByTestId('purchase-group-row-1');
      await choose(pm, group1, '采购组织', '2000 武汉生产件采购组织');
      await pm.keyboard.press('Escape');
      await choose(pm, group1, '付款条件', '发票日后60天付款');
      await choose(pm, group1, '订单币种', '欧元');
      await group1.getByRole('radio', { name: '是', exact: true }).check();
      await choose(pm, group1, '贸易条款', '船上交货');
      await group1.getByLabel('起运港').fill('Hamburg');
      await group1.getByLabel('目的港').fill('Shanghai');

      // Save keeps the unfinished form (drafts check types and lengths only).
      await pm.getByTestId('release-save').click();
      await toast(pm, '保存成功');
      await pm.locator(`[data-testid="release-status"][data-status="${CODE_STATUS.SAVED}"]`).waitFor({ timeout: 15_000 });

      // Submit checks every rule: the IBAN's check digits are wrong.
      await pm.getByTestId('release-submit').click();
      await toast(pm, FORM_INVALID);
      await bank1.getByText('IBAN格式或校验位不正确').waitFor();
      // Typed in groups of four, as IBANs are printed.
      await bank1.getByLabel('IBAN').fill(VALID_IBAN);
      await pm.getByTestId('release-submit').click();
      await toast(pm, '提交成功');

      // Submitted: read-only, without save and submit.
      await pm.locator(`[data-testid="release-status"][data-status="${CODE_STATUS.SUBMITTED}"]`).waitFor({ timeout: 15_000 });
      await pm.locator('[data-testid="release-panel"][data-read-only]').waitFor();
      expect(await pm.getByTestId('release-save').count()).toBe(0);
      expect(await pm.getByTestId('release-submit').count()).toBe(0);
      expect(await bank1.getByLabel('IBAN').isDisabled()).toBe(true);
    });
    const saved = await db().selectFrom('supplier_release').select(['status', 'form']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(saved.status).toBe(CODE_STATUS.SUBMITTED);
    const form = saved.form as { bankList: Record<string, unknown>[]; purchaseGroupList: Record<string, unknown>[] };
    expect(form.bankList).toMatchObject([
      { bankType: '0', bankSwiftCode: 'ICBKCNBJSHI', bankCardNum: '6222021001123456789', defaultAccount: 0 },
      { bankType: '1', bankBic: 'DEUTDEFF', bankIbanno: 'DE89370400440532013000', defaultAccount: 1 },
    ]);
    expect(form.purchaseGroupList).toMatchObject([
      { purchaseGroupCodes: ['1000', '1100'], paymentTerms: 'Z030', purchaseOrderCurrency: 'CNY', haveOverseasOrder: 0 },
      { purchaseGroupCodes: ['2000'], paymentTerms: 'Z060', purchaseOrderCurrency: 'EUR', haveOverseasOrder: 1, termsOfTrade: 'FOB', portOfShipment: 'Hamburg', portOfArrival: 'Shanghai' },
    ]);

    // Req flow §4.4: KCP2 cannot be completed while the supplier-code application is submitted.
    await as(pm, 'pm-kcp2-blocked', async () => {
      await stepNode(pm, 'KCP2').click();
      expect(await pm.getByTestId('kcp2-completion-blocked').innerText()).toBe('供应商编码申请流程正在进行中，流程完成后才能完成当前节点任务！');
    });
  });

  step('supplier code: the CMT leader approves from the mailed link; the ERP gives the code, shown on the progress page and in the flow list', async () => {
    const leader = await db()
      .selectFrom('cert_flow')
      .innerJoin('staff', 'staff.job_number', 'cert_flow.cmt_leader_job_number')
      .select('staff.email')
      .where('flow_no', '=', flowNo)
      .executeTakeFirstOrThrow();
    const mail = await readNewestMail(browser, stack.appUrl, leader.email, /供应商编码申请审批/);
    const link = /https?:\/\/\S+\/cert-flow\/approval\?\S+/.exec(mail)?.[0];
    expect(link).toContain(`taskNo=${flowNo}-SC-1-1`);
    await as(cmt, 'cmt-supplier-code', async () => {
      await cmt.goto(link!);
      await approveOnCard(cmt);
    });

    let code = '';
    await as(pm, 'pm-supplier-code', async () => {
      await stepNode(pm, 'PRERELEASE').click();
      // The approval, then the ERP call in the workflow: the status moves on to finished with the code.
      await refreshUntil(pm, pm.locator(`[data-testid="release-status"][data-status="${CODE_STATUS.FINISHED}"]`), 'the supplier code', 60_000);
      code = await pm.getByTestId('release-status-code').innerText();
      expect(code).toMatch(/^\d{8}$/);
      supplierCode = code;
      await pm.getByTestId('release-status').getByText('已完成').waitFor();
      expect(await pm.getByTestId('release-sap-result').count()).toBe(0);

      await openFlowList(pm, 'zh');
      const row = pm.locator(`tr[data-flow-no="${flowNo}"]`);
      await row.waitFor({ timeout: 15_000 });
      // The supplier column shows the code before the name.
      expect(await row.getByRole('button', { name: new RegExp(`^${code} `) }).count()).toBe(1);
    });
    const flow = await db().selectFrom('cert_flow').select('supplier_code').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.supplier_code).toBe(code);
    // The code is the ERP's: the run's simulator has the vendor under the form's credit code.
    const vendor = await testErp().findVendorByTaxNumber(CREDIT_CODE);
    expect(vendor?.supplier).toBe(code);
    // Operators find the flow by its code in the Temporal UI.
    const described = await new Client({ connection, namespace: stack.config.TEMPORAL_NAMESPACE }).workflow.getHandle(certFlowWorkflowId(flowNo)).describe();
    expect(described.typedSearchAttributes.get(SA.SupplierCode)).toBe(code);
  });

  step('KCP2 completes after the code: the flow moves on to PUBLICITY', async () => {
    // The scenario's publicity period for this run: ten minutes, time enough to object and return.
    await shortenScenarioPublicity(db(), 'NEW_SUPPLIER', 600);
    await as(pm, 'pm-kcp2-complete', async () => {
      await openProgress(pm, stack.appUrl, flowNo);
      await pm.getByTestId('kcp2-panel').waitFor({ timeout: 15_000 });
      expect(await pm.getByTestId('kcp2-completion-blocked').count()).toBe(0);
      await clickAsPrincipal(pm, 'kcp2-complete');
      expect(await confirmDialog(pm, '完成节点')).toContain(COMPLETE_WARNING);
      await toast(pm, '提交成功');
      await waitNodeState(pm, 'PUBLICITY', 'inProgress');
      expect(await stepNode(pm, 'KCP2').getAttribute('data-node-state')).toBe('finished');
    });
    expect(await nodeStatuses(db(), flowNo)).toMatchObject({ KCP2: NODE_STATUS.FINISHED, PUBLICITY: NODE_STATUS.IN_PROGRESS });
  });

  step('PUBLICITY: the countdown runs; pm.wang records an objection and returns the flow to KCP2', async () => {
    await as(pm, 'pm-publicity-return', async () => {
      const countdown = pm.getByTestId('publicity-countdown-value');
      await countdown.waitFor({ timeout: 15_000 });
      expect(await countdown.innerText()).toMatch(/^0天 0小时 (9|10)分 \d{1,2}秒$/);
      // Req flow §4.2: PUBLICITY has no complete button; the period ends it.
      expect(await pm.getByRole('button', { name: '完成节点' }).count()).toBe(0);

      await pm.getByTestId('publicity-add-row').click();
      const row = pm.getByTestId('publicity-row-0');
      await row.getByLabel('第1行异议说明').fill('同行反映该供应商交付记录待核实');
      await uploadIn(pm, row, pdf('objection-evidence.pdf'));
      await clickAsPrincipal(pm, 'publicity-save');
      await toast(pm, '保存成功');

      await clickAsPrincipal(pm, 'publicity-return');
      await pm.getByTestId('publicity-return-confirm').click();
      await toast(pm, '退回成功');
      await waitNodeState(pm, 'KCP2', 'inProgress');
      expect(await stepNode(pm, 'PUBLICITY').getAttribute('data-node-state')).toBe('notStarted');
    });
    expect(await nodeStatuses(db(), flowNo)).toMatchObject({ KCP2: NODE_STATUS.IN_PROGRESS, PUBLICITY: NODE_STATUS.NOT_FINISH });
    // KCP2 is the purchasing manager's task again: a task of its own beside the finished first one.
    const kcp2Tasks = await db()
      .selectFrom('cert_task')
      .select(['principal_job_number', 'status'])
      .where('flow_no', '=', flowNo)
      .where('node_code', '=', 'KCP2')
      .where('task_type', '=', 'NODE_PRINCIPAL')
      .orderBy('created_at')
      .execute();
    expect(kcp2Tasks).toEqual([
      { principal_job_number: PM, status: TASK_STATUS.FINISHED },
      { principal_job_number: PM, status: TASK_STATUS.IN_PROGRESS },
    ]);
  });

  step('KCP2 again: pm.wang completes it; the second period, shortened by the scenario, runs out and RELEASE opens by itself', async () => {
    await shortenScenarioPublicity(db(), 'NEW_SUPPLIER', 20);
    await as(pm, 'pm-kcp2-again', async () => {
      await pm.getByTestId('kcp2-panel').waitFor({ timeout: 15_000 });
      await clickAsPrincipal(pm, 'kcp2-complete');
      expect(await confirmDialog(pm, '完成节点')).toContain(COMPLETE_WARNING);
      await toast(pm, '提交成功');
      await waitNodeState(pm, 'PUBLICITY', 'inProgress');
      const countdown = pm.getByTestId('publicity-countdown-value');
      await countdown.waitFor({ timeout: 15_000 });
      expect(await countdown.innerText()).toMatch(/^0天 0小时 0分 \d{1,2}秒$/);
      // The objection of the first period stays with the flow.
      expect(await pm.getByTestId('publicity-row-0').getByLabel('第1行异议说明').inputValue()).toBe('同行反映该供应商交付记录待核实');
      // Nobody completes PUBLICITY: at the period's end the workflow moves on.
      await refreshUntil(pm, pm.locator('[data-testid="node-area"][data-node-code="RELEASE"]'), 'RELEASE after the publicity period', 60_000);
      expect(await stepNode(pm, 'PUBLICITY').getAttribute('data-node-state')).toBe('finished');
    });
  });

  step('RELEASE: the code from KCP2 is shown; pm.wang confirms the release and the flow ends at stage 90', async () => {
    await as(pm, 'pm-release-confirm', async () => {
      await pm.getByTestId('release-code-block').waitFor({ timeout: 15_000 });
      expect(await pm.getByTestId('release-code').innerText()).toContain(supplierCode);
      await clickAsPrincipal(pm, 'release-confirm');
      expect(await confirmDialog(pm, '确认发布')).toContain(supplierCode);
      await toast(pm, '操作成功');
      await waitNodeState(pm, 'RELEASE', 'finished');
    });
    const flow = await db().selectFrom('cert_flow').select(['stage', 'pass_time', 'supplier_no', 'supplier_code']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow).toMatchObject({ stage: 90, supplier_code: supplierCode });
    expect(flow.pass_time).not.toBeNull();
    // The supplier master is the system of record from now on: the accepted supplier with its code and category.
    const supplier = await db().selectFrom('supplier').select(['supplier_code', 'status', 'master']).where('supplier_no', '=', flow.supplier_no!).executeTakeFirstOrThrow();
    expect(supplier).toMatchObject({ supplier_code: supplierCode, status: 10 });
    expect((supplier.master as { bankList: unknown[] }).bankList).toHaveLength(2);
    const categories = await db().selectFrom('supplier_category').select(['category_code', 'flow_no', 'life_cycle']).where('supplier_no', '=', flow.supplier_no!).execute();
    expect(categories).toEqual([expect.objectContaining({ flow_no: flowNo, life_cycle: 1 })]);
    // Operators see the flow finished in the Temporal UI.
    const described = await new Client({ connection, namespace: stack.config.TEMPORAL_NAMESPACE }).workflow.getHandle(certFlowWorkflowId(flowNo)).describe();
    expect(described.typedSearchAttributes.get(SA.Stage)).toBe('90');
  });

  step('the supplier is told in its language, and its portal home shows it admitted with its code', async () => {
    const mail = await readNewestMail(browser, stack.appUrl, supplierEmail, /认证通过/);
    expect(mail).toContain(supplierCode);
    await as(portal, 'portal-admitted', async () => {
      await portal.goto(`${stack.appUrl}/client/portal`);
      const admitted = portal.getByTestId('portal-admitted');
      await admitted.waitFor({ timeout: 15_000 });
      await admitted.getByText('已准入供应商').waitFor();
      expect(await portal.getByTestId('portal-supplier-code').innerText()).toContain(supplierCode);
    });
  });

  step('the expand drawer finds the supplier by its code and offers its admitted category disabled', async () => {
    const [category] = await db()
      .selectFrom('supplier_category')
      .innerJoin('category', 'category.code', 'supplier_category.category_code')
      .select('category.name_zh')
      .innerJoin('cert_flow', 'cert_flow.supplier_no', 'supplier_category.supplier_no')
      .where('cert_flow.flow_no', '=', flowNo)
      .execute();
    await as(pm, 'pm-expand', async () => {
      await openFlowList(pm, 'zh');
      await pm.getByRole('button', { name: '扩充供应商品类' }).click();
      const drawer = pm.getByRole('dialog', { name: '扩充供应商品类' });
      await drawer.getByRole('combobox', { name: '供应商', exact: true }).fill(supplierCode);
      await pm.getByRole('option', { name: new RegExp(`^${supplierCode} `) }).click();
      await drawer.getByTestId('accessed-categories').getByText(category.name_zh).waitFor({ timeout: 15_000 });
      for (const level of ['大类', '中类']) {
        await drawer.getByRole('combobox', { name: level, exact: true }).click();
        await pm.getByRole('option').first().click();
      }
      await drawer.getByRole('combobox', { name: '小类', exact: true }).click();
      expect(await pm.getByRole('option', { name: category.name_zh, exact: true }).getAttribute('aria-disabled')).toBe('true');
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Db } from '#db/connection.ts';
import { openRound } from '#services/assessment/round-open.ts';
import { recordReviewSubmitted } from '#services/assessment/round-reviews.ts';
import { openSummaryApproval } from '#services/assessment/round-summary.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { APPROVER, insertDraftPlan, OTHER_MEMBER, OWNER, REVIEWERS, taskOf } from '../support/assessment-fixtures.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { recordingRounds } from '../support/recording-rounds.ts';
import { staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The assessment review calls over HTTP (req performance §7.3): who may make each write to this very task or plan — its
 * reviewer, another reviewer, the owner, an approver, nobody — and bad input answered 400 naming the field. The
 * round's workflow is recorded, not run (tests/workflow/assessment-round.test.ts runs it); its activities are
 * called directly where a case needs their effect.
 */
let app: TestApp;
let db: Db;
let api: HttpClient;
const engine = recordingRounds();
const who = {} as Record<'owner' | 'quality' | 'supply' | 'other' | 'approver' | 'admin', Caller>;
const as = (c: Caller | null) => api.as(c);
const actor = (jobNumber: string) => ({ id: jobNumber, jobNumber, name: jobNumber });

beforeAll(async () => {
  app = await startTestApp({ rounds: engine.rounds });
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { owner: OWNER, quality: REVIEWERS.quality.jobNumber, supply: REVIEWERS.supply.jobNumber, other: OTHER_MEMBER, approver: APPROVER, admin: 'E10001' }));
});
afterAll(() => app.close());

const calls = (method: string) => engine.calls.filter((c) => c.method === method);

/** A started plan with its tasks open (the workflow's opening run directly). */
async function runningPlan(opts: Parameters<typeof insertDraftPlan>[1] = {}) {
  const { planNo } = await insertDraftPlan(db, opts);
  const started = await as(who.owner).post('/v1/performance-plan/start', { planNo });
  expect(started.status).toBe(200);
  await openRound(db, planNo);
  return planNo;
}
/** Every task finished, as the workflow records submissions. */
async function allSubmitted(planNo: string) {
  const tasks = await db.selectFrom('perf_review_task').select(['task_no', 'reviewer_job_number']).where('plan_no', '=', planNo).execute();
  for (const t of tasks) await recordReviewSubmitted(db, { planNo, taskNo: t.task_no, actor: actor(t.reviewer_job_number) });
}
async function scoreAll(planNo: string) {
  for (const s of ['SN000001', 'SN000002']) {
    const q = await as(who.quality).post('/v2/assessment-manage/review-detail-submit', { taskNo: taskOf(planNo, s, REVIEWERS.quality), scores: [{ indexCode: 'Q_AUDIT', score: 90 }], submit: false });
    expect(q.status).toBe(200);
    const d = await as(who.supply).post('/v2/assessment-manage/review-detail-submit', {
      taskNo: taskOf(planNo, s, REVIEWERS.supply),
      scores: [
        { indexCode: 'D_OTD', score: 80 },
        { indexCode: 'D_COOP', score: '85.5' },
      ],
      submit: false,
    });
    expect(d.status).toBe(200);
  }
  await allSubmitted(planNo);
}

describe('starting a plan', () => {
  it('its owner starts a draft (the round is started once); another reviewer 403, a supplier-less caller 401', async () => {
    const { planNo } = await insertDraftPlan(db);
    expect((await as(who.quality).post('/v1/performance-plan/start', { planNo })).status).toBe(403);
    expect((await as(null).post('/v1/performance-plan/start', { planNo })).status).toBe(401);
    expect((await as(who.owner).post('/v1/performance-plan/start', {})).body.errors).toHaveProperty('planNo');
    const ok = await as(who.owner).post('/v1/performance-plan/start', { planNo });
    expect(ok.status).toBe(200);
    expect(calls('start').at(-1)?.args[0]).toMatchObject({ planNo, ownerJobNumber: OWNER });
    expect((await db.selectFrom('perf_plan').select('status').where('plan_no', '=', planNo).executeTakeFirstOrThrow()).status).toBe('running');
    const log = await db.selectFrom('operation_history').select(['action', 'relation_type']).where('relation_code', '=', planNo).execute();
    expect(log).toEqual([{ action: 'PERF_ROUND_START', relation_type: 30 }]);
  });

  it('refuses a plan whose deadline has passed', async () => {
    const { planNo } = await insertDraftPlan(db, { deadline: new Date(Date.now() - 1000) });
    const r = await as(who.owner).post('/v1/performance-plan/start', { planNo });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('评审截止时间已过，请先修改计划');
  });
});

describe('reviews: a reviewer reaches only their own tasks', () => {
  let planNo: string;
  beforeAll(async () => {
    planNo = await runningPlan();
  });

  it('review-list: the reviewer sees their own two tasks, the owner all four of the plan', async () => {
    const mine = await as(who.quality).post('/v2/assessment-manage/review-list', { planNo });
    expect(mine.body.data.total).toBe(2);
    expect(mine.body.data.records.every((r: { reviewerJobNumber: string }) => r.reviewerJobNumber === REVIEWERS.quality.jobNumber)).toBe(true);
    expect((await as(who.owner).post('/v2/assessment-manage/review-list', { planNo })).body.data.total).toBe(4);
    expect((await as(who.quality).post('/v2/assessment-manage/review-list', { pageSize: 7 })).body.errors).toHaveProperty('pageSize');
  });

  it('review-detail: its reviewer and the owner read it with the indices of the role; another reviewer 403', async () => {
    const taskNo = taskOf(planNo, 'SN000001', REVIEWERS.supply);
    const d = await as(who.supply).get('/v1/assessment-manage/review-detail', { taskNo });
    expect(d.status).toBe(200);
    expect(d.body.data.indices.map((i: { indexCode: string }) => i.indexCode)).toEqual(['D_OTD', 'D_COOP']);
    expect(d.body.data.editable).toBe(true);
    expect((await as(who.owner).get('/v1/assessment-manage/review-detail', { taskNo })).body.data.editable).toBe(false);
    expect((await as(who.quality).get('/v1/assessment-manage/review-detail', { taskNo })).status).toBe(403);
    expect((await as(who.quality).get('/v1/assessment-manage/review-detail', { taskNo: 'nope' })).status).toBe(404);
  });

  it('review-detail-submit: only the task\'s reviewer; scores 0–100 with 2 decimals, every index on submit', async () => {
    const taskNo = taskOf(planNo, 'SN000002', REVIEWERS.quality);
    const body = (score: unknown, submit = true) => ({ taskNo, scores: [{ indexCode: 'Q_AUDIT', score }], submit });
    const before = calls('submitReview').length;
    expect((await as(who.supply).post('/v2/assessment-manage/review-detail-submit', body(90))).status).toBe(403);
    expect((await as(who.owner).post('/v2/assessment-manage/review-detail-submit', body(90))).status).toBe(403);
    expect((await as(who.admin).post('/v2/assessment-manage/review-detail-submit', body(90))).status).toBe(403);
    const high = await as(who.quality).post('/v2/assessment-manage/review-detail-submit', body(100.01));
    expect(high.status).toBe(400);
    expect(high.body.errors['scores.0.score']).toBeDefined();
    expect((await as(who.quality).post('/v2/assessment-manage/review-detail-submit', body(88.123))).body.errors['scores.0.score']).toBe('最多2位小数');
    expect((await as(who.quality).post('/v2/assessment-manage/review-detail-submit', body('abc'))).status).toBe(400);
    const empty = await as(who.quality).post('/v2/assessment-manage/review-detail-submit', body(null));
    expect(empty.body.errors['scores.0.score']).toBe('请输入0-100之间的分数');
    const foreignIndex = await as(who.quality).post('/v2/assessment-manage/review-detail-submit', { taskNo, scores: [{ indexCode: 'D_OTD', score: 80 }], submit: false });
    expect(foreignIndex.body.errors['scores.0.indexCode']).toBe('该指标不属于本任务');
    expect(calls('submitReview').length).toBe(before);
    // A draft keeps an open score; the submission goes to the workflow.
    expect((await as(who.quality).post('/v2/assessment-manage/review-detail-submit', body(null, false))).status).toBe(200);
    const ok = await as(who.quality).post('/v2/assessment-manage/review-detail-submit', body(77.25));
    expect(ok.body.data.message).toBe('提交成功');
    expect(calls('submitReview').at(-1)?.args).toEqual([planNo, { taskNo, actor: expect.objectContaining({ jobNumber: REVIEWERS.quality.jobNumber }) }, `submit-review:${taskNo}`]);
    const stored = await db.selectFrom('perf_score').select(['score', 'scored_by_job_number']).where('task_no', '=', taskNo).executeTakeFirstOrThrow();
    expect(stored).toEqual({ score: '77.25', scored_by_job_number: REVIEWERS.quality.jobNumber });
  });

  it('review-remark-save: only the task\'s reviewer, at most 500 characters', async () => {
    const taskNo = taskOf(planNo, 'SN000001', REVIEWERS.quality);
    expect((await as(who.supply).post('/v1/assessment-manage/review-remark-save', { taskNo, remark: 'x' })).status).toBe(403);
    expect((await as(who.quality).post('/v1/assessment-manage/review-remark-save', { taskNo, remark: 'x'.repeat(501) })).body.errors).toHaveProperty('remark');
    expect((await as(who.quality).post('/v1/assessment-manage/review-remark-save', { taskNo, remark: '资料齐全' })).status).toBe(200);
  });

  it('transfer: the holder or the owner, to an active CMT member; anyone else 403', async () => {
    const taskNo = taskOf(planNo, 'SN000001', REVIEWERS.supply);
    const before = calls('transferReview').length;
    const foreign = await as(who.quality).post('/v2/assessment-manage/transfer', { taskNo, toJobNumber: OTHER_MEMBER });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('只有任务处理人或计划负责人可以转办');
    expect((await as(who.supply).post('/v2/assessment-manage/transfer', { taskNo, toJobNumber: 'E99999' })).body.errors).toEqual({ toJobNumber: '转办对象不存在或已停用' });
    expect((await as(who.supply).post('/v2/assessment-manage/transfer', { taskNo, toJobNumber: REVIEWERS.supply.jobNumber })).status).toBe(400);
    expect((await as(who.supply).post('/v2/assessment-manage/transfer', { taskNo })).body.errors).toHaveProperty('toJobNumber');
    expect(calls('transferReview').length).toBe(before);
    const ok = await as(who.supply).post('/v2/assessment-manage/transfer', { taskNo, toJobNumber: OTHER_MEMBER });
    expect(ok.body.data.message).toBe('转办成功');
    expect(calls('transferReview').at(-1)?.args[1]).toMatchObject({ taskNo, to: { jobNumber: OTHER_MEMBER } });
    expect((await as(who.owner).post('/v2/assessment-manage/transfer', { taskNo, toJobNumber: OTHER_MEMBER })).status).toBe(200);
  });

  it('review-statistic: the owner sees submitted/total per reviewer and supplier; a reviewer 403', async () => {
    await recordReviewSubmitted(db, { planNo, taskNo: taskOf(planNo, 'SN000002', REVIEWERS.quality), actor: actor(REVIEWERS.quality.jobNumber) });
    const s = await as(who.owner).get('/v2/assessment-manage/review-statistic', { planNo });
    expect(s.body.data).toMatchObject({ total: 4, submitted: 1, phase: 'reviewing' });
    expect(s.body.data.byReviewer).toContainEqual({ jobNumber: REVIEWERS.quality.jobNumber, name: REVIEWERS.quality.name, submitted: 1, total: 2 });
    expect(s.body.data.bySupplier).toContainEqual(expect.objectContaining({ supplierNo: 'SN000002', submitted: 1, total: 2 }));
    expect((await as(who.quality).get('/v2/assessment-manage/review-statistic', { planNo })).status).toBe(403);
  });
});

describe('the summary: calculation, adjustment, approval, export', () => {
  let planNo: string;
  beforeAll(async () => {
    planNo = await runningPlan();
  });

  it('autoCalculation: the owner only, once every review is submitted; the same inputs give the same totals', async () => {
    expect((await as(who.owner).post('/v1/assessment-task-summary/autoCalculation', { planNo })).status).toBe(409);
    await scoreAll(planNo);
    expect((await as(who.quality).post('/v1/assessment-task-summary/autoCalculation', { planNo })).status).toBe(403);
    // The PPM figure of SN000001 (120 PPM: the 200 band, 80 points); SN000002 has none, its quality is the audit alone.
    expect((await as(who.quality).post('/v1/assessment-figure/save', { planNo, figures: [{ supplierNo: 'SN000001', figureKind: 'PPM', value: 120 }] })).status).toBe(403);
    const badFigure = await as(who.owner).post('/v1/assessment-figure/save', { planNo, figures: [{ supplierNo: 'SN000001', figureKind: 'NOPE', value: 'x' }] });
    expect(Object.keys(badFigure.body.errors)).toContain('figures.0.value');
    expect((await as(who.owner).post('/v1/assessment-figure/save', { planNo, figures: [{ supplierNo: 'SN000001', figureKind: 'PPM', value: '120' }] })).status).toBe(200);
    const calc = await as(who.owner).post('/v1/assessment-task-summary/autoCalculation', { planNo });
    expect(calc.body.data.message).toBe('执行成功');
    const first = await as(who.owner).get('/v1/assessment-task-summary/detail', { planNo });
    // SN000001: quality (90·50 + 80·50)/100 = 85, delivery 80·0.6 + 85.5·0.4 = 82.2 → 85·0.6 + 82.2·0.4 = 83.88 (B).
    // SN000002: quality 90 (PPM no data), delivery 82.2 → 86.88 (B).
    expect(first.body.data.rows.map((r: { calculatedScore: number; grade: string }) => [r.calculatedScore, r.grade])).toEqual([
      [83.88, 'B'],
      [86.88, 'B'],
    ]);
    await as(who.owner).post('/v1/assessment-task-summary/autoCalculation', { planNo });
    const again = await as(who.owner).get('/v1/assessment-task-summary/detail', { planNo });
    expect(again.body.data.rows.map((r: { calculatedScore: number }) => r.calculatedScore)).toEqual([83.88, 86.88]);
    expect(first.body.data.gradeDistribution).toEqual([
      { grade: 'A', count: 0 },
      { grade: 'B', count: 2 },
      { grade: 'C', count: 0 },
      { grade: '-', count: 0 },
    ]);
  });

  it('trace: every index with its weight, who scored it and when, and the figure with its band', async () => {
    const t = await as(who.owner).get('/v1/assessment-task-summary/trace', { planNo, supplierNo: 'SN000001' });
    const ppm = t.body.data.items.find((i: { indexCode: string }) => i.indexCode === 'Q_PPM');
    expect(ppm).toMatchObject({ score: 80, weight: 50, effectiveWeight: 50, figure: { value: 120, band: '200 → 80' } });
    const audit = t.body.data.items.find((i: { indexCode: string }) => i.indexCode === 'Q_AUDIT');
    expect(audit.scores).toEqual([expect.objectContaining({ reviewerJobNumber: REVIEWERS.quality.jobNumber, score: 90, at: expect.any(String) })]);
    const second = await as(who.owner).get('/v1/assessment-task-summary/trace', { planNo, supplierNo: 'SN000002' });
    expect(second.body.data.items.find((i: { indexCode: string }) => i.indexCode === 'Q_PPM')).toMatchObject({ noData: true, score: null, effectiveWeight: null });
    expect((await as(who.quality).get('/v1/assessment-task-summary/trace', { planNo, supplierNo: 'SN000001' })).status).toBe(403);
  });

  it('assessment-figure/list and save: the owner reads and changes the period\'s figures; limits and strangers refused naming the field', async () => {
    const list = await as(who.owner).get('/v1/assessment-figure/list', { planNo });
    // The plan's one computed index scores from PPM: the only column to fill.
    expect(list.body.data).toMatchObject({ planNo, editable: true, kinds: ['PPM'] });
    expect(list.body.data.suppliers.map((s: { supplierNo: string }) => s.supplierNo)).toEqual(['SN000001', 'SN000002']);
    expect(list.body.data.suppliers[0].figures.PPM).toMatchObject({ value: 120, source: 'MANUAL' });
    expect(list.body.data.suppliers[1].figures).toEqual({});
    expect((await as(who.quality).get('/v1/assessment-figure/list', { planNo })).status).toBe(403);
    expect((await as(who.owner).get('/v1/assessment-figure/list', {})).body.errors).toHaveProperty('planNo');

    const save = (figures: unknown[]) => as(who.owner).post('/v1/assessment-figure/save', { planNo, figures });
    const tooLarge = await save([{ supplierNo: 'SN000002', figureKind: 'PPM', value: 1e10 }]);
    expect([tooLarge.status, tooLarge.body.errors]).toEqual([400, { 'figures.0.value': '数据须为数字' }]);
    const outside = await save([{ supplierNo: 'SN000002', figureKind: 'PPM', value: 1 }, { supplierNo: 'SN999999', figureKind: 'PPM', value: 1 }]);
    expect([outside.status, Object.keys(outside.body.errors)]).toEqual([400, ['figures.1.supplierNo']]);
    expect((await save([])).body.errors).toHaveProperty('figures');
    // A figure no index of the plan scores from would change nothing: refused naming the row.
    const unused = await save([{ supplierNo: 'SN000002', figureKind: 'CUSTOMER_DISRUPTIONS', value: '3' }]);
    expect([unused.status, unused.body.errors]).toEqual([400, { 'figures.0.figureKind': '本计划的指标不使用该数据' }]);
    // Entered, then removed with null: the list follows each save, and each save is in the plan's log.
    expect((await save([{ supplierNo: 'SN000002', figureKind: 'PPM', value: '3' }])).status).toBe(200);
    expect((await as(who.owner).get('/v1/assessment-figure/list', { planNo })).body.data.suppliers[1].figures.PPM).toMatchObject({ value: 3 });
    expect((await save([{ supplierNo: 'SN000002', figureKind: 'PPM', value: null }])).status).toBe(200);
    expect((await as(who.owner).get('/v1/assessment-figure/list', { planNo })).body.data.suppliers[1].figures).toEqual({});
    const log = await db.selectFrom('operation_history').select('action').where('relation_code', '=', planNo).where('action', '=', 'PERF_FIGURES_SAVED').execute();
    expect(log).toHaveLength(3);
  });

  it('summary-score-save: the owner adjusts with a reason (kept in the history); others 403, bad input 400', async () => {
    const body = { planNo, supplierNo: 'SN000002', score: 91, reason: '年度质量奖加分' };
    expect((await as(who.quality).post('/v1/assessment-manage/summary-score-save', body)).status).toBe(403);
    expect((await as(who.owner).post('/v1/assessment-manage/summary-score-save', { ...body, reason: ' ' })).body.errors).toEqual({ reason: '请输入调整原因' });
    expect((await as(who.owner).post('/v1/assessment-manage/summary-score-save', { ...body, score: -1 })).body.errors).toHaveProperty('score');
    const ok = await as(who.owner).post('/v1/assessment-manage/summary-score-save', body);
    expect(ok.body.data.message).toBe('调整成功');
    const row = (await as(who.owner).get('/v1/assessment-task-summary/detail', { planNo })).body.data.rows[1];
    expect(row).toMatchObject({ calculatedScore: 86.88, adjustedScore: 91, finalScore: 91, grade: 'A', adjustReason: '年度质量奖加分' });
    const adj = await db.selectFrom('perf_score_adjustment').select(['score_before', 'score_after', 'grade_after', 'reason']).where('plan_no', '=', planNo).execute();
    expect(adj).toEqual([{ score_before: '86.88', score_after: '91.00', grade_after: 'A', reason: '年度质量奖加分' }]);
  });

  it('review-submit-bpm: the owner names an approver other than themselves; the approver decides, nobody else', async () => {
    expect((await as(who.quality).post('/v1/assessment-manage/review-submit-bpm', { planNo, approverJobNumber: APPROVER })).status).toBe(403);
    expect((await as(who.owner).post('/v1/assessment-manage/review-submit-bpm', { planNo, approverJobNumber: OWNER })).body.errors).toEqual({ approverJobNumber: '不能审批自己提交的汇总' });
    expect((await as(who.owner).post('/v1/assessment-manage/review-submit-bpm', { planNo, approverJobNumber: APPROVER })).status).toBe(200);
    expect(calls('submitSummary').at(-1)?.args[1]).toMatchObject({ approverJobNumber: APPROVER });
    // The workflow opens the approval (its activity, run here directly).
    await openSummaryApproval({ db, mailer: createOutboxMailer(db), publicUrl: 'http://localhost' }, { planNo, round: 1, approverJobNumber: APPROVER, actor: actor(OWNER) });
    expect((await as(who.owner).post('/v1/assessment-manage/audit-pass', { planNo })).status).toBe(403);
    expect((await as(who.other).post('/v1/assessment-manage/audit-pass', { planNo })).status).toBe(403);
    expect((await as(who.approver).post('/v1/assessment-manage/audit-reject', { planNo })).body.errors).toHaveProperty('reason');
    expect((await as(who.approver).get('/v1/assessment-task-summary/detail', { planNo })).body.data.actions).toMatchObject({ decide: true, adjust: false, submit: false });
    expect((await as(who.approver).post('/v1/assessment-manage/audit-pass', { planNo })).status).toBe(200);
    expect(calls('decideSummary').at(-1)?.args[1]).toMatchObject({ decision: 'approve', actor: expect.objectContaining({ jobNumber: APPROVER }) });
  });

  it('figures once the summary went to approval: read-only to the owner and the approver, a save refused', async () => {
    expect((await as(who.owner).get('/v1/assessment-figure/list', { planNo })).body.data.editable).toBe(false);
    const approverView = await as(who.approver).get('/v1/assessment-figure/list', { planNo });
    expect([approverView.status, approverView.body.data.editable, approverView.body.data.suppliers[0].figures.PPM.value]).toEqual([200, false, 120]);
    expect((await as(who.owner).post('/v1/assessment-figure/save', { planNo, figures: [{ supplierNo: 'SN000001', figureKind: 'PPM', value: 1 }] })).status).toBe(409);
  });

  it('review-export: an .xlsx with one sheet per plan, supplier × index rows with each reviewer\'s score; others 403', async () => {
    expect((await as(who.quality).post('/v1/assessment-manage/review-export', { planNos: [planNo] })).status).toBe(403);
    expect((await as(who.owner).post('/v1/assessment-manage/review-export', { planNos: [] })).body.errors).toHaveProperty('planNos');
    const res = await as(who.owner).post('/v1/assessment-manage/review-export', { planNos: [planNo] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(wb.worksheets).toHaveLength(1);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '供应商编码', '供应商名称', '指标编码', '指标名称', '权重(%)', '张伟 (E10020)', '林涛 (E10023)', '指标得分', '加权得分', '总分', '等级']);
    // 2 suppliers × 4 indices.
    expect(ws.rowCount).toBe(9);
    const ppm = ws.getRow(3).values as unknown[];
    expect(ppm.slice(3, 11)).toEqual(['Q_PPM', '来料不良率', 30, undefined, undefined, 80, 24, 83.88]);
    const otd = ws.getRow(4).values as unknown[];
    expect(otd.slice(3, 12)).toEqual(['D_OTD', '准时交付', 24, undefined, 80, 80, 19.2, 83.88, 'B']);
  });

  it('operator history: the plan\'s log, newest first, to its owner; a stranger 403', async () => {
    const h = await as(who.owner).get('/v1/operator-history/assessment-list', { relationCode: planNo });
    expect(h.body.data[0].action).toBe('PERF_SUMMARY_SUBMIT');
    expect(h.body.data.map((r: { action: string }) => r.action)).toContain('PERF_SCORE_ADJUSTED');
    expect((await as(who.other).get('/v1/operator-history/assessment-list', { relationCode: planNo })).status).toBe(403);
  });

  it('CMT search: CMT members by name or job number', async () => {
    const r = await as(who.owner).get('/v1/cmt/v1/cmt/search', { keyword: '李强' });
    expect(r.body.data).toEqual([{ jobNumber: APPROVER, name: '李强', departmentName: expect.any(String) }]);
    expect((await as(who.owner).get('/v1/cmt/v1/cmt/search', { keyword: 'admin' })).body.data).toEqual([]);
  });
});

describe('no data is never 100', () => {
  it('a plan scored from figures only, with none entered: every supplier has no total and no grade', async () => {
    // Its own period: figures belong to a supplier and period, whatever the plan.
    const planNo = await runningPlan({ reviewers: [], period: '2026-09' });
    expect(await db.selectFrom('perf_review_task').select('task_no').where('plan_no', '=', planNo).execute()).toEqual([]);
    expect((await as(who.owner).post('/v1/assessment-task-summary/autoCalculation', { planNo })).status).toBe(200);
    const rows = (await as(who.owner).get('/v1/assessment-task-summary/detail', { planNo })).body.data.rows;
    expect(rows.map((r: { calculatedScore: number | null; grade: string | null }) => [r.calculatedScore, r.grade])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});

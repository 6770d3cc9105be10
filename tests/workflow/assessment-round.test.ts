import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import { createTemporalRoundGateway } from '#adapters/temporal/round-gateway.ts';
import { reviewDetailSubmitRequest } from '#domain/assessment/review.ts';
import { roundReminderMoments } from '#domain/assessment/round.ts';
import type { RoundGateway } from '#services/assessment/round-gateway.ts';
import { startRound } from '#services/assessment/round-start.ts';
import { saveReview, transferReview } from '#services/assessment/review-write.ts';
import { adjustSummaryScore, autoCalculate } from '#services/assessment/summary-calc.ts';
import { decideSummary, submitSummary } from '#services/assessment/summary-approval.ts';
import { listMyOpenTasks } from '#services/cert-flow/my-tasks.ts';
import { ServiceError } from '#domain/errors.ts';
import { assessmentRoundWorkflowId, type AssessmentRoundState } from '#workflows/assessment-round-definitions.ts';
import { APPROVER, insertDraftPlan, OTHER_MEMBER, OWNER, REVIEWERS, taskOf } from '../support/assessment-fixtures.ts';
import { principalOf } from '../support/exit-fixtures.ts';
import { eventually } from '../support/fixtures.ts';
import { recordHistory } from '../support/histories.ts';
import { approvalRunId } from '#workflows/approval-definitions.ts';
import { startTimeSkippingHarness, type TimeSkippingHarness } from '../support/time-skipping.ts';

const DAY = 86_400_000;

/**
 * An assessment round on the time-skipping test server with the real activities: the tasks made per reviewer
 * and supplier (in "my open tasks", mailed), the reminder a working day before the deadline and the owner's
 * escalation after it, a transfer, the submissions, the summary's rejection and approval and the publication.
 */
describe('assessment round workflow', () => {
  let t: TimeSkippingHarness;
  let rounds: RoundGateway;
  beforeAll(async () => {
    t = await startTimeSkippingHarness();
    rounds = createTemporalRoundGateway({ connection: t.env.connection, namespace: t.env.namespace ?? 'default', taskQueue: t.taskQueue });
  });
  afterAll(() => t?.stop());

  const db = () => t.db.db;
  const deps = () => ({ db: db(), rounds });
  const as = (jobNumber: string) => principalOf(db(), jobNumber);
  const review = (taskNo: string, s: { indexCode: string; score: number | null }[]) => reviewDetailSubmitRequest.parse({ taskNo, scores: s, submit: true });
  const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);
  const mailKeys = async (planNo: string) =>
    (await db().selectFrom('mail_outbox').select('dedupe_key').where('dedupe_key', 'like', `assessment-%${planNo}%`).orderBy('id').execute()).map((m) => m.dedupe_key);
  const planStatus = async (planNo: string) => (await db().selectFrom('perf_plan').select('status').where('plan_no', '=', planNo).executeTakeFirstOrThrow()).status;
  const scores = (audit: number | null, otd?: number, coop?: number) =>
    otd === undefined
      ? [{ indexCode: 'Q_AUDIT', score: audit }]
      : [
          { indexCode: 'D_OTD', score: otd },
          { indexCode: 'D_COOP', score: coop ?? null },
        ];

  async function idle(handle: WorkflowHandle) {
    await eventually(async () => {
      const events = (await handle.fetchHistory()).events ?? [];
      const pending = (await handle.describe()).raw.pendingActivities?.length ?? 0;
      return pending === 0 && events.findLastIndex((e) => e.workflowTaskCompletedEventAttributes) > events.findLastIndex((e) => e.workflowTaskScheduledEventAttributes);
    });
  }
  async function sleepUntil(handle: WorkflowHandle, at: number) {
    const left = at - (await t.env.currentTimeMs());
    if (left > 0) await t.env.sleep(left);
    await idle(handle);
  }

  it('runs a round: tasks, transfer, reminder, escalation, submissions, a rejected then approved summary, publication', async () => {
    const deadline = new Date((await t.env.currentTimeMs()) + 6 * DAY);
    const { planNo } = await insertDraftPlan(db(), { deadline });
    await db().updateTable('staff').set({ locale: 'en' }).where('job_number', '=', REVIEWERS.quality.jobNumber).execute();
    await startRound(deps(), planNo, await as(OWNER));
    const handle = t.env.client.workflow.getHandle(assessmentRoundWorkflowId(planNo));
    await idle(handle);

    // Two suppliers × two reviewers: four tasks, each in its reviewer's open tasks, one mail per reviewer.
    const tasks = await db().selectFrom('perf_review_task').select(['task_no', 'status']).where('plan_no', '=', planNo).execute();
    expect(tasks).toHaveLength(4);
    expect(tasks.every((x) => x.status === 20)).toBe(true);
    const mine = (await listMyOpenTasks(db(), REVIEWERS.quality.jobNumber, 'en')).filter((x) => x.flowNo === planNo);
    expect(mine.map((x) => x.link).sort()).toEqual(
      ['SN000001', 'SN000002'].map((s) => `/assessment/review-detail?taskNo=${encodeURIComponent(taskOf(planNo, s, REVIEWERS.quality))}`).sort(),
    );
    expect(mine[0].taskName).toBe('Performance review');
    await eventually(async () => (await mailKeys(planNo)).length === 2);
    expect(await mailKeys(planNo)).toEqual([`assessment-review:${planNo}:${REVIEWERS.quality.jobNumber}`, `assessment-review:${planNo}:${REVIEWERS.supply.jobNumber}`]);
    const qualityMail = await db().selectFrom('mail_outbox').select(['subject', 'locale']).where('dedupe_key', '=', `assessment-review:${planNo}:E10020`).executeTakeFirstOrThrow();
    expect(qualityMail).toMatchObject({ locale: 'en', subject: expect.stringContaining('Performance review') });

    // A reviewer scores only their own task; the owner cannot score it either.
    const foreign = await refusal(saveReview(deps(), review(taskOf(planNo, 'SN000001', REVIEWERS.quality), scores(90)), await as(REVIEWERS.supply.jobNumber)));
    expect(foreign).toMatchObject({ kind: 'forbidden', message: 'reviewNotHolder' });
    expect(await refusal(saveReview(deps(), review(taskOf(planNo, 'SN000001', REVIEWERS.quality), scores(90)), await as(OWNER)))).toBeInstanceOf(ServiceError);

    // The owner transfers the supply reviewer's task of SN000002: it moves to the new holder's open tasks, who is mailed.
    const moved = taskOf(planNo, 'SN000002', REVIEWERS.supply);
    await transferReview(deps(), { taskNo: moved, toJobNumber: OTHER_MEMBER }, await as(OWNER));
    expect((await listMyOpenTasks(db(), OTHER_MEMBER, 'zh')).map((x) => x.taskNo)).toContain(moved);
    expect((await listMyOpenTasks(db(), REVIEWERS.supply.jobNumber, 'zh')).map((x) => x.taskNo)).not.toContain(moved);
    expect(await mailKeys(planNo)).toContain(`assessment-transfer:${moved}:${OTHER_MEMBER}`);
    // The former holder can no longer transfer or score it.
    expect(await refusal(saveReview(deps(), review(moved, scores(null, 90, 90)), await as(REVIEWERS.supply.jobNumber)))).toMatchObject({ kind: 'forbidden' });

    // Three of four submitted; the transferred one is still open.
    await saveReview(deps(), review(taskOf(planNo, 'SN000001', REVIEWERS.quality), scores(95)), await as(REVIEWERS.quality.jobNumber));
    await saveReview(deps(), review(taskOf(planNo, 'SN000002', REVIEWERS.quality), scores(70)), await as(REVIEWERS.quality.jobNumber));
    await saveReview(deps(), review(taskOf(planNo, 'SN000001', REVIEWERS.supply), scores(null, 88.5, 92)), await as(REVIEWERS.supply.jobNumber));
    expect((await handle.query<AssessmentRoundState>('roundState')).submitted).toBe(3);

    // A working day before the deadline only the holder of the open task is reminded; after it, the owner is told.
    const [soon, overdue] = roundReminderMoments(0, deadline.getTime());
    await sleepUntil(handle, soon.at - 60_000);
    expect((await mailKeys(planNo)).filter((k) => k.startsWith('assessment-reminder'))).toEqual([]);
    await sleepUntil(handle, soon.at + 1000);
    expect((await mailKeys(planNo)).filter((k) => k.startsWith('assessment-reminder'))).toEqual([`assessment-reminder:${planNo}:${OTHER_MEMBER}`]);
    expect((await mailKeys(planNo)).filter((k) => k.startsWith('assessment-escalation'))).toEqual([]);
    await sleepUntil(handle, overdue.at + 1000);
    expect((await mailKeys(planNo)).filter((k) => k.startsWith('assessment-escalation'))).toEqual([`assessment-escalation:${planNo}`]);

    // The summary cannot be calculated while a review is open; the last submission opens it for the owner.
    expect(await refusal(autoCalculate(db(), planNo, await as(OWNER)))).toMatchObject({ kind: 'conflict', message: 'roundNotSummarizing' });
    await saveReview(deps(), review(moved, scores(null, 60, 70)), await as(OTHER_MEMBER));
    await idle(handle);
    expect((await handle.query<AssessmentRoundState>('roundState')).phase).toBe('summarizing');
    expect((await listMyOpenTasks(db(), OWNER, 'zh')).find((x) => x.flowNo === planNo)?.taskName).toBe('绩效汇总');

    await autoCalculate(db(), planNo, await as(OWNER));
    await adjustSummaryScore(db(), { planNo, supplierNo: 'SN000002', score: 75.5, reason: '现场审核后复核' }, await as(OWNER));
    // The owner never approves their own summary; a rejection needs a reason and returns it.
    expect(await refusal(submitSummary(deps(), { planNo, approverJobNumber: OWNER }, await as(OWNER)))).toMatchObject({ kind: 'invalid' });
    await submitSummary(deps(), { planNo, approverJobNumber: APPROVER }, await as(OWNER));
    expect(await planStatus(planNo)).toBe('approving');
    expect((await listMyOpenTasks(db(), APPROVER, 'zh')).find((x) => x.flowNo === planNo)?.link).toBe(`/assessment/summary?planNo=${planNo}`);
    expect(await refusal(decideSummary(deps(), { planNo, decision: 'approve' }, await as(OWNER)))).toMatchObject({ kind: 'forbidden' });
    await decideSummary(deps(), { planNo, decision: 'reject', reason: '请复核SN000002' }, await as(APPROVER));
    expect(await planStatus(planNo)).toBe('calculated');
    await submitSummary(deps(), { planNo, approverJobNumber: APPROVER }, await as(OWNER));
    await decideSummary(deps(), { planNo, decision: 'approve' }, await as(APPROVER));

    const final = await handle.result();
    expect(final.phase).toBe('concluded');
    expect(await planStatus(planNo)).toBe('concluded');
    const grades = await db().selectFrom('perf_plan_supplier').select(['supplier_no', 'conclusion_grade']).where('plan_no', '=', planNo).orderBy('supplier_no').execute();
    expect(grades.map((g) => g.conclusion_grade)).toEqual(['A', 'C']);
    expect((await listMyOpenTasks(db(), APPROVER, 'zh')).filter((x) => x.flowNo === planNo)).toEqual([]);
    const log = await db().selectFrom('operation_history').select('action').where('relation_code', '=', planNo).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual([
      'PERF_ROUND_START',
      'PERF_REVIEW_TRANSFER',
      'PERF_REVIEW_SUBMIT',
      'PERF_REVIEW_SUBMIT',
      'PERF_REVIEW_SUBMIT',
      'PERF_ROUND_REMINDED',
      'PERF_ROUND_ESCALATED',
      'PERF_REVIEW_SUBMIT',
      'PERF_REVIEWS_DONE',
      'PERF_SUMMARY_CALCULATED',
      'PERF_SCORE_ADJUSTED',
      'PERF_SUMMARY_SUBMIT',
      'PERF_SUMMARY_REJECTED',
      'PERF_SUMMARY_SUBMIT',
      'PERF_SUMMARY_APPROVED',
      'PERF_RESULTS_PUBLISHED',
    ]);
    await recordHistory('assessment-round-concluded', handle);
    await recordHistory('approval-assessment-summary-approved', t.env.client.workflow.getHandle(approvalRunId(assessmentRoundWorkflowId(planNo), 'ASSESSMENT_SUMMARY')));
  });

  it('a reviewer who submits before the reminder is never reminded, and a round without open tasks escalates nothing', async () => {
    const deadline = new Date((await t.env.currentTimeMs()) + 4 * DAY);
    const { planNo } = await insertDraftPlan(db(), { deadline, suppliers: ['SN000001'], reviewers: [REVIEWERS.quality] });
    await startRound(deps(), planNo, await as(OWNER));
    const handle = t.env.client.workflow.getHandle(assessmentRoundWorkflowId(planNo));
    await idle(handle);
    await saveReview(deps(), review(taskOf(planNo, 'SN000001', REVIEWERS.quality), scores(80)), await as(REVIEWERS.quality.jobNumber));
    await sleepUntil(handle, deadline.getTime() + DAY);
    expect((await mailKeys(planNo)).filter((k) => !k.startsWith('assessment-review:'))).toEqual([`assessment-summary:${planNo}:1`]);
    expect((await handle.query<AssessmentRoundState>('roundState')).phase).toBe('summarizing');
    await recordHistory('assessment-round-submitted-before-deadline', handle);
    await handle.terminate('test over');
  });
});

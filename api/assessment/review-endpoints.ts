import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import {
  autoCalculationRequest,
  assessmentHistoryQuery,
  cmtSearchQuery,
  figureSaveRequest,
  planNoQuery,
  reviewDetailSubmitRequest,
  reviewExportRequest,
  reviewListRequest,
  reviewRemarkRequest,
  reviewSubmitAllRequest,
  summaryDecisionRequest,
  summaryRejectRequest,
  summaryScoreSaveRequest,
  summarySubmitRequest,
  summaryTraceQuery,
  taskNoQuery,
  transferRequest,
} from '#domain/assessment/review.ts';
import { searchCmtStaff } from '#services/assessment/cmt-search.ts';
import { exportPlans } from '#services/assessment/export.ts';
import { figuresView, saveFigures } from '#services/assessment/figures.ts';
import { assessmentHistory } from '#services/assessment/history.ts';
import { reviewDetail, reviewList, reviewStatistic } from '#services/assessment/review-read.ts';
import { saveReview, saveReviewRemark, submitAllReviews, transferReview } from '#services/assessment/review-write.ts';
import { startRound } from '#services/assessment/round-start.ts';
import { portalScorecard } from '#services/assessment/scorecard.ts';
import { autoCalculate, adjustSummaryScore } from '#services/assessment/summary-calc.ts';
import { decideSummary, submitSummary } from '#services/assessment/summary-approval.ts';
import { summaryTrace, summaryView } from '#services/assessment/summary-read.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { sendGenerated } from '../common/file-response.ts';

const tag = 'assessment';
/**
 * Who reaches the review calls at all: the reviewers' route key (every CMT member) and administrators. Which
 * task or plan a caller may read or change is decided per object in the service (DESIGN §6).
 */
const REVIEW = [ROUTES.assessmentReview, PERMISSIONS.certProcessManageAll];

/** Assessment rounds (spec 3 §2.4, §7.3): start, reviews, transfer, statistic, summary, approval, export, history. */
export const reviewEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/v1/performance-plan/start',
    summary: 'Start a draft plan: it runs, and its round opens the review tasks (the plan owner)',
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: planNoQuery,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await startRound(deps, body.planNo, staff);
      return messageOf('roundStarted', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v2/assessment-manage/review-list',
    summary: "Review tasks: the caller's own, or every task of a plan the caller owns",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: reviewListRequest,
    handle: ({ deps, body, staff, locale }) => reviewList(deps.db, body, staff, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/assessment-manage/review-detail',
    summary: 'One review task with the indices its reviewer scores (its reviewer, the plan owner)',
    tag,
    auth: 'staff',
    permissions: REVIEW,
    query: taskNoQuery,
    handle: ({ deps, query, staff, locale }) => reviewDetail(deps.db, query.taskNo, staff, locale),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v2/assessment-manage/review-detail-submit',
    summary: "Save (submit: false) or submit a task's scores (only the task's reviewer)",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: reviewDetailSubmitRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await saveReview(deps, body, staff);
      return messageOf(body.submit ? 'submitted' : 'saved', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/assessment-manage/review-remark-save',
    summary: "Save a task's overall remark (only the task's reviewer)",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: reviewRemarkRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await saveReviewRemark(deps.db, body, staff);
      return messageOf('saved', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/assessment-manage/review-submit',
    summary: "Submit every fully scored open task of the caller's in a plan",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: reviewSubmitAllRequest,
    async handle({ deps, body, staff, locale }) {
      const { submitted } = await submitAllReviews(deps, body.planNo, staff);
      return { submitted, ...messageOf('submitted', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v2/assessment-manage/transfer',
    summary: 'Transfer an open review task to another CMT member (its holder or the plan owner)',
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: transferRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await transferReview(deps, body, staff);
      return messageOf('transferred', locale);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v2/assessment-manage/review-statistic',
    summary: 'Submitted and total tasks per reviewer and per supplier (the plan owner, its approver)',
    tag,
    auth: 'staff',
    permissions: REVIEW,
    query: planNoQuery,
    handle: ({ deps, query, staff }) => reviewStatistic(deps.db, query.planNo, staff),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/assessment-task-summary/autoCalculation',
    summary: "Calculate every supplier's total over the index tree (the plan owner, while summarizing)",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: autoCalculationRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await autoCalculate(deps.db, body.planNo, staff);
      return messageOf('calculationDone', locale);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/assessment-task-summary/detail',
    summary: "A plan's summary: totals, adjustments, grades, the grade distribution and what the caller may do",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    query: planNoQuery,
    handle: ({ deps, query, staff, locale }) => summaryView(deps.db, query.planNo, staff, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/assessment-task-summary/trace',
    summary: "How a supplier's total came about: each index's score, weight, scorers, figure and band",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    query: summaryTraceQuery,
    handle: ({ deps, query, staff, locale }) => summaryTrace(deps.db, query, staff, locale),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/assessment-manage/summary-score-save',
    summary: "Adjust a supplier's total with a reason (the plan owner, while summarizing; kept in the history)",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: summaryScoreSaveRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await adjustSummaryScore(deps.db, body, staff);
      return messageOf('adjusted', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/assessment-manage/review-submit-bpm',
    summary: 'Submit the calculated summary to its approver (the plan owner)',
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: summarySubmitRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await submitSummary(deps, body, staff);
      return messageOf('submitted', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/assessment-manage/audit-pass',
    summary: "Approve a plan's summary: the plan concludes and its results are published (its approver)",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: summaryDecisionRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await decideSummary(deps, { planNo: body.planNo, decision: 'approve', reason: body.reason }, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/assessment-manage/audit-reject',
    summary: "Reject a plan's summary with a reason: it returns to the owner (its approver)",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: summaryRejectRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await decideSummary(deps, { planNo: body.planNo, decision: 'reject', reason: body.reason }, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/assessment-manage/review-export',
    summary: 'The plans as an .xlsx workbook, one sheet each (their owners and approvers)',
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: reviewExportRequest,
    async respond({ deps, body, staff, locale }, _req, res) {
      await sendGenerated(res, await exportPlans(deps.db, body.planNos, staff, locale));
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/assessment-figure/list',
    summary: "The figures of a plan's period for each of its suppliers, and whether the caller may change them (the plan owner, its approver)",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    query: planNoQuery,
    handle: ({ deps, query, staff }) => figuresView(deps.db, query.planNo, staff),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/assessment-figure/save',
    summary: "Enter or import the figures of a plan's computed indices per supplier (the plan owner, before the summary is submitted)",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    body: figureSaveRequest,
    async handle({ deps, body, staff, locale }) {
      const { saved } = await saveFigures(deps.db, body, staff);
      return { saved, ...messageOf('saved', locale) };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/operator-history/assessment-list',
    summary: "An assessment plan's operation history, newest first",
    tag,
    auth: 'staff',
    permissions: REVIEW,
    query: assessmentHistoryQuery,
    handle: ({ deps, query, staff, locale }) => assessmentHistory(deps.db, query, staff, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/cmt/v1/cmt/search',
    summary: 'CMT members by name or job number (transfer targets, approvers)',
    tag,
    auth: 'staff',
    permissions: REVIEW,
    query: cmtSearchQuery,
    handle: ({ deps, query }) => searchCmtStaff(deps.db, query.keyword),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-portal/scorecard',
    summary: "The portal account's suppliers' published performance results",
    tag,
    auth: 'portal',
    handle: ({ deps, portal, locale }) => portalScorecard(deps.db, portal, locale),
  }),
];

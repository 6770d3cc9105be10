import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { ASSESSMENT } from '#domain/contracts/assessment.ts';
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
import { implement, implementResponding } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { sendGenerated } from '../common/file-response.ts';

/**
 * Who reaches the review calls at all: the reviewers' route key (every CMT member) and administrators. Which
 * task or plan a caller may read or change is decided per object in the service (architecture §6).
 */
const REVIEW = [ROUTES.assessmentReview, PERMISSIONS.certProcessManageAll];

/** Assessment rounds (req performance §2.4, §7.3): start, reviews, transfer, statistic, summary, approval, export, history. */
export const reviewEndpoints = [
  implement(ASSESSMENT.start, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      await startRound(deps, body.planNo, staff);
      return messageOf('roundStarted', locale);
    },
  }),
  implement(ASSESSMENT.reviewList, {
    permissions: REVIEW,
    handle: ({ deps, body, staff, locale }) => reviewList(deps.db, body, staff, locale),
  }),
  implement(ASSESSMENT.reviewDetail, {
    permissions: REVIEW,
    handle: ({ deps, query, staff, locale }) => reviewDetail(deps.db, query.taskNo, staff, locale),
  }),
  implement(ASSESSMENT.saveReview, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      await saveReview(deps, body, staff);
      return messageOf(body.submit ? 'submitted' : 'saved', locale);
    },
  }),
  implement(ASSESSMENT.saveRemark, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      await saveReviewRemark(deps.db, body, staff);
      return messageOf('saved', locale);
    },
  }),
  implement(ASSESSMENT.submitAll, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      const { submitted } = await submitAllReviews(deps, body.planNo, staff);
      return { submitted, ...messageOf('submitted', locale) };
    },
  }),
  implement(ASSESSMENT.transfer, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      await transferReview(deps, body, staff);
      return messageOf('transferred', locale);
    },
  }),
  implement(ASSESSMENT.statistic, {
    permissions: REVIEW,
    handle: ({ deps, query, staff }) => reviewStatistic(deps.db, query.planNo, staff),
  }),
  implement(ASSESSMENT.autoCalculation, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      await autoCalculate(deps.db, body.planNo, staff);
      return messageOf('calculationDone', locale);
    },
  }),
  implement(ASSESSMENT.summary, {
    permissions: REVIEW,
    handle: ({ deps, query, staff, locale }) => summaryView(deps.db, query.planNo, staff, locale),
  }),
  implement(ASSESSMENT.trace, {
    permissions: REVIEW,
    handle: ({ deps, query, staff, locale }) => summaryTrace(deps.db, query, staff, locale),
  }),
  implement(ASSESSMENT.adjustScore, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      await adjustSummaryScore(deps.db, body, staff);
      return messageOf('adjusted', locale);
    },
  }),
  implement(ASSESSMENT.submitSummary, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      await submitSummary(deps, body, staff);
      return messageOf('submitted', locale);
    },
  }),
  implement(ASSESSMENT.approveSummary, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      await decideSummary(deps, { planNo: body.planNo, decision: 'approve', reason: body.reason }, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  implement(ASSESSMENT.rejectSummary, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      await decideSummary(deps, { planNo: body.planNo, decision: 'reject', reason: body.reason }, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  implementResponding(ASSESSMENT.export, {
    permissions: REVIEW,
    async respond({ deps, body, staff, locale }, _req, res) {
      await sendGenerated(res, await exportPlans(deps.db, body.planNos, staff, locale));
    },
  }),
  implement(ASSESSMENT.figures, {
    permissions: REVIEW,
    handle: ({ deps, query, staff }) => figuresView(deps.db, query.planNo, staff),
  }),
  implement(ASSESSMENT.saveFigures, {
    permissions: REVIEW,
    async handle({ deps, body, staff, locale }) {
      const { saved } = await saveFigures(deps.db, body, staff);
      return { saved, ...messageOf('saved', locale) };
    },
  }),
  implement(ASSESSMENT.history, {
    permissions: REVIEW,
    handle: ({ deps, query, staff, locale }) => assessmentHistory(deps.db, query, staff, locale),
  }),
  implement(ASSESSMENT.cmtSearch, {
    permissions: REVIEW,
    handle: ({ deps, query }) => searchCmtStaff(deps.db, query.keyword),
  }),
  implement(ASSESSMENT.scorecard, {
    handle: ({ deps, portal, locale }) => portalScorecard(deps.db, portal, locale),
  }),
];

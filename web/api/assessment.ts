import { queryOptions } from '@tanstack/react-query';
import { ASSESSMENT } from '#domain/contracts/assessment.ts';
import type { FigureSaveRequest, ReviewScoreInput } from '#domain/assessment/review.ts';
import { call } from './call.ts';
import { downloadGenerated } from './download.ts';

/** Assessment reviews and the summary (req performance §7.3): queries and writes of the round's screens. */
export const assessmentKeys = {
  all: ['assessment'] as const,
  lists: () => [...assessmentKeys.all, 'review-list'] as const,
  detail: (taskNo: string) => [...assessmentKeys.all, 'review-detail', taskNo] as const,
  plan: (planNo: string) => [...assessmentKeys.all, 'plan', planNo] as const,
};

export interface ReviewListSearch {
  currentPage: number;
  pageSize: number;
  planNo?: string;
  status?: 20 | 30;
  supplier?: string;
}

export const reviewListQuery = (q: ReviewListSearch, locale: string) =>
  queryOptions({
    queryKey: [...assessmentKeys.lists(), q, locale],
    queryFn: ({ signal }) => call(ASSESSMENT.reviewList, { body: q }, { signal }),
  });

export const reviewDetailQuery = (taskNo: string, locale: string) =>
  queryOptions({
    queryKey: [...assessmentKeys.detail(taskNo), locale],
    queryFn: ({ signal }) => call(ASSESSMENT.reviewDetail, { query: { taskNo } }, { signal }),
    enabled: Boolean(taskNo),
  });

export const reviewStatisticQuery = (planNo: string, locale: string) =>
  queryOptions({
    queryKey: [...assessmentKeys.plan(planNo), 'statistic', locale],
    queryFn: ({ signal }) => call(ASSESSMENT.statistic, { query: { planNo } }, { signal }),
    enabled: Boolean(planNo),
  });

export const summaryQuery = (planNo: string, locale: string) =>
  queryOptions({
    queryKey: [...assessmentKeys.plan(planNo), 'summary', locale],
    queryFn: ({ signal }) => call(ASSESSMENT.summary, { query: { planNo } }, { signal }),
    enabled: Boolean(planNo),
    // An approval takes effect in the workflow after it answered: read again until the results are out.
    refetchInterval: (q) => (q.state.data?.phase === 'publishing' ? 1000 : false),
  });

export const summaryTraceQuery = (planNo: string, supplierNo: string, locale: string) =>
  queryOptions({
    queryKey: [...assessmentKeys.plan(planNo), 'trace', supplierNo, locale],
    queryFn: ({ signal }) => call(ASSESSMENT.trace, { query: { planNo, supplierNo } }, { signal }),
    enabled: Boolean(planNo && supplierNo),
  });

export const figuresQuery = (planNo: string) =>
  queryOptions({
    queryKey: [...assessmentKeys.plan(planNo), 'figures'],
    queryFn: ({ signal }) => call(ASSESSMENT.figures, { query: { planNo } }, { signal }),
    enabled: Boolean(planNo),
  });

export const cmtSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...assessmentKeys.all, 'cmt-search', keyword],
    queryFn: ({ signal }) => call(ASSESSMENT.cmtSearch, { query: { keyword } }, { signal }),
    staleTime: 60_000,
  });

export const saveReview = (taskNo: string, scores: ReviewScoreInput[], remark: string, submit: boolean) =>
  call(ASSESSMENT.saveReview, { body: { taskNo, scores, remark, submit } }, { handleErrors: !submit });
export const transferReview = (taskNo: string, toJobNumber: string) => call(ASSESSMENT.transfer, { body: { taskNo, toJobNumber } });
export const autoCalculate = (planNo: string) => call(ASSESSMENT.autoCalculation, { body: { planNo } });
export const adjustScore = (planNo: string, supplierNo: string, score: number | string, reason: string) =>
  call(ASSESSMENT.adjustScore, { body: { planNo, supplierNo, score, reason } }, { handleErrors: true });
export const saveFigures = (planNo: string, figures: FigureSaveRequest['figures']) =>
  call(ASSESSMENT.saveFigures, { body: { planNo, source: 'MANUAL', figures } }, { handleErrors: true });
export const submitSummary = (planNo: string, approverJobNumber: string) => call(ASSESSMENT.submitSummary, { body: { planNo, approverJobNumber } });

/** POST review-export: the workbook comes back as the answer's body and is saved under its name. */
export const exportWorkbook = (planNos: string[], fileName: string) => downloadGenerated(ASSESSMENT.export, { planNos }, fileName);

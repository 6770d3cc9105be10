import { queryOptions } from '@tanstack/react-query';
import type { FeedbackAddInput, FeedbackStatus, FeedbackView } from '#domain/feedback/feedback.ts';
import type { Page } from '#domain/fields.ts';
import { post } from './client.ts';

/** Feedback (spec 3 §7.6): sending as staff or as a portal account, and the administrators' list, answer and close. */
export const FEEDBACK_UPLOAD_PATH = '/api/v1/feedback/upload';

export const feedbackKeys = {
  all: ['feedback'] as const,
  manage: () => [...feedbackKeys.all, 'manage'] as const,
};

/** Field errors come back on the ApiError; the form shows them on their fields. */
export const addFeedback = (form: FeedbackAddInput, portal: boolean) => post<{ message: string }>('/api/v1/feedback/add', form, { portal, handleErrors: true });

export const manageFeedbackQuery = (q: { currentPage: number; pageSize: number; status?: FeedbackStatus }) =>
  queryOptions({
    queryKey: [...feedbackKeys.manage(), q],
    queryFn: ({ signal }) => post<Page<FeedbackView>>('/api/v1/feedback/manage/page', q, { signal }),
  });

export const answerFeedback = (id: number, answer: string) => post<{ message: string }>('/api/v1/feedback/manage/answer', { id, answer }, { handleErrors: true });
export const closeFeedback = (id: number) => post<{ message: string }>('/api/v1/feedback/manage/close', { id });

import { queryOptions } from '@tanstack/react-query';
import { FEEDBACK } from '#domain/contracts/feedback.ts';
import type { FeedbackAddInput, FeedbackStatus } from '#domain/feedback/feedback.ts';
import { call } from './call.ts';

/**
 * Feedback (req shell §7.6): sending as staff or as a portal account, the supplier's own feedback with its answers,
 * and the administrators' list, answer and close.
 */
export const FEEDBACK_UPLOAD_PATH = FEEDBACK.upload.path;

export const feedbackKeys = {
  all: ['feedback'] as const,
  manage: () => [...feedbackKeys.all, 'manage'] as const,
  mine: () => [...feedbackKeys.all, 'mine'] as const,
};

/** Field errors come back on the ApiError; the form shows them on their fields. */
export const addFeedback = (form: FeedbackAddInput, portal: boolean) => call(FEEDBACK.add, { body: form }, { portal, handleErrors: true });

export const manageFeedbackQuery = (q: { currentPage: number; pageSize: number; status?: FeedbackStatus }) =>
  queryOptions({
    queryKey: [...feedbackKeys.manage(), q],
    queryFn: ({ signal }) => call(FEEDBACK.managePage, { body: q }, { signal }),
  });

export const answerFeedback = (id: number, answer: string) => call(FEEDBACK.answer, { body: { id, answer } }, { handleErrors: true });
export const closeFeedback = (id: number) => call(FEEDBACK.close, { body: { id } });

/** The portal account's own feedback, newest first. */
export const myFeedbackQuery = (q: { currentPage: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...feedbackKeys.mine(), q],
    queryFn: ({ signal }) => call(FEEDBACK.mine, { query: q }, { signal, portal: true }),
  });

/** One of the portal account's own feedback with its answer; the server answers 404 for anyone else's. */
export const myFeedbackDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...feedbackKeys.mine(), 'detail', id],
    queryFn: ({ signal }) => call(FEEDBACK.mineDetail, { query: { id } }, { signal, portal: true }),
  });

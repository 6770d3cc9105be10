import { z } from 'zod';
import { optionalText, pageQuery, requiredText } from '../fields.ts';
import type { Locale } from '../i18n.ts';
import { FEEDBACK_STATUSES, type FeedbackStatus } from './feedback-status.ts';

/**
 * Feedback (req shell §2.7, §3.5, §5.4, §7.6): its four types, the form's rules, states, and the schemas
 * of its calls, shared by the API and the web form.
 */

/** Req shell §3.5: system consultation, exception, permission, requirement. */
export const FEEDBACK_TYPES = ['CONSULTATION', 'EXCEPTION', 'PERMISSION', 'REQUIREMENT'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, Record<Locale, string>> = {
  CONSULTATION: { zh: '系统咨询', en: 'System consultation' },
  EXCEPTION: { zh: '系统异常', en: 'System exception' },
  PERMISSION: { zh: '系统权限', en: 'System permission' },
  REQUIREMENT: { zh: '系统需求', en: 'System requirement' },
};

export { FEEDBACK_STATUSES, type FeedbackStatus };

/** Req shell §5.4, §9: at most 10 files. */
export const FEEDBACK_FILES_MAX = 10;
/** Not in the requirements: bounds of what one request may store. */
export const FEEDBACK_CONTEXT_MAX = 2000;
export const FEEDBACK_ANSWER_MAX = 2000;

/** POST /api/v1/feedback/add (req shell §7.6): type, context, fileUrlList; appId and openId are kept as sent. */
export const feedbackAddRequest = z.object({
  appId: optionalText(100),
  openId: optionalText(100),
  type: z.enum(FEEDBACK_TYPES, { error: 'chooseFeedbackType' }),
  context: requiredText(FEEDBACK_CONTEXT_MAX, 'enterFeedbackContent'),
  fileUrlList: z.array(z.string().trim().min(1).max(1000)).max(FEEDBACK_FILES_MAX, { error: 'feedbackTooManyFiles' }).default([]),
});
export type FeedbackAddRequest = z.infer<typeof feedbackAddRequest>;
export type FeedbackAddInput = z.input<typeof feedbackAddRequest>;

/** Whether one more file may join a list of `count` (the uploader refuses the 11th before sending it). */
export const mayAddFeedbackFile = (count: number) => count < FEEDBACK_FILES_MAX;

export const feedbackPageRequest = pageQuery.extend({
  status: z.enum(FEEDBACK_STATUSES).nullish().transform((v) => v ?? undefined),
});
export const feedbackIdRequest = z.object({ id: z.coerce.number({ error: 'required' }).int().positive() });
export const feedbackAnswerRequest = z.object({
  id: z.coerce.number({ error: 'required' }).int().positive(),
  answer: requiredText(FEEDBACK_ANSWER_MAX, 'enterFeedbackAnswer'),
});

/** A feedback as its sender and the administrators see it. */
export const feedbackView = z.object({
  id: z.number().int(),
  type: z.enum(FEEDBACK_TYPES),
  context: z.string(),
  fileList: z.array(z.object({ name: z.string(), url: z.string() })),
  status: z.enum(FEEDBACK_STATUSES),
  senderKind: z.enum(['staff', 'portal']),
  senderName: z.string(),
  senderEmail: z.string().nullable(),
  answer: z.string().nullable(),
  answeredByName: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createTime: z.string(),
});
export type FeedbackView = z.infer<typeof feedbackView>;

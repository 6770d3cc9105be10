// Apart from feedback.ts's zod schemas, so that the feedback list's URL reads them without zod.

/** OPEN until an administrator answers (ANSWERED, may be answered again) or closes it (CLOSED, final). */
export const FEEDBACK_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

import { FEEDBACK } from '#domain/contracts/feedback.ts';
import { ROUTES } from '#domain/permissions.ts';
import { addFeedback, answerFeedback, closeFeedback, feedbackPage, myFeedback, myFeedbackPage, senderOf } from '#services/feedback/feedback.ts';
import { storeUpload } from '#services/files/upload.ts';
import { withReceivedFile } from '../common/file-upload.ts';
import { uploadRateLimit } from '../common/upload-rate-limit.ts';
import { implement, implementResponding } from '../http/endpoint.ts';
import { messageOf, ok } from '../http/envelope.ts';

/** Answering and closing feedback: administrators. */
const MANAGE = [ROUTES.feedbackManage];

/** Feedback (req shell §2.7, §5.4, §7.6): sent by staff and supplier portal accounts, answered by administrators. */
export const feedbackEndpoints = [
  implementResponding(FEEDBACK.upload, {
    upload: true,
    // The caller and its upload rate are checked before the body is read: a refused caller costs no disk.
    guards: ({ db }) => [uploadRateLimit(db)],
    async respond({ deps, ...caller }, req, res) {
      const sender = await senderOf(deps.db, caller);
      ok(res, await withReceivedFile(req, res, (file) => storeUpload(deps, { file, owner: sender.files })));
    },
  }),
  implement(FEEDBACK.add, {
    async handle({ deps, body, locale, ...caller }) {
      await addFeedback(deps.db, await senderOf(deps.db, caller), body);
      return messageOf('feedbackSent', locale);
    },
  }),
  implement(FEEDBACK.mine, {
    handle: async ({ deps, query, ...caller }) => myFeedbackPage(deps.db, await senderOf(deps.db, caller), query),
  }),
  implement(FEEDBACK.mineDetail, {
    handle: async ({ deps, query, ...caller }) => myFeedback(deps.db, await senderOf(deps.db, caller), query.id),
  }),
  implement(FEEDBACK.managePage, {
    permissions: MANAGE,
    handle: ({ deps, body }) => feedbackPage(deps.db, body),
  }),
  implement(FEEDBACK.answer, {
    permissions: MANAGE,
    async handle({ deps, body, staff, locale }) {
      await answerFeedback(deps, body.id, body.answer, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  implement(FEEDBACK.close, {
    permissions: MANAGE,
    async handle({ deps, body, staff, locale }) {
      await closeFeedback(deps.db, body.id, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
];

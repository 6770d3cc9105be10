import { feedbackAddRequest, feedbackAnswerRequest, feedbackIdRequest, feedbackPageRequest } from '#domain/feedback/feedback.ts';
import { pageQuery } from '#domain/fields.ts';
import { ROUTES } from '#domain/permissions.ts';
import { addFeedback, answerFeedback, closeFeedback, feedbackPage, myFeedback, myFeedbackPage, senderOf } from '#services/feedback/feedback.ts';
import { storeUpload } from '#services/files/upload.ts';
import { withReceivedFile } from '../common/file-upload.ts';
import { uploadRateLimit } from '../common/upload-rate-limit.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse, ok } from '../http/envelope.ts';

const tag = 'feedback';
/** Answering and closing feedback: administrators. */
const MANAGE = [ROUTES.feedbackManage];

/** Feedback (spec 3 §2.7, §5.4, §7.6): sent by staff and supplier portal accounts, answered by administrators. */
export const feedbackEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/api/v1/feedback/upload',
    summary: "Upload one feedback attachment (30 MB); answers the file's url",
    tag,
    auth: 'any',
    upload: true,
    // The caller and its upload rate are checked before the body is read: a refused caller costs no disk.
    guards: ({ db }) => [uploadRateLimit(db)],
    async respond({ deps, ...caller }, req, res) {
      const sender = await senderOf(deps.db, caller);
      ok(res, await withReceivedFile(req, res, (file) => storeUpload(deps, { file, owner: sender.files })));
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/api/v1/feedback/add',
    summary: 'Send feedback: type, content and up to 10 of the sender’s own uploads',
    tag,
    auth: 'any',
    body: feedbackAddRequest,
    response: messageResponse,
    async handle({ deps, body, locale, ...caller }) {
      await addFeedback(deps.db, await senderOf(deps.db, caller), body);
      return messageOf('feedbackSent', locale);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/api/v1/feedback/mine',
    summary: "The caller's own feedback with its answers, newest first",
    tag,
    auth: 'any',
    query: pageQuery,
    handle: async ({ deps, query, ...caller }) => myFeedbackPage(deps.db, await senderOf(deps.db, caller), query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/api/v1/feedback/mine/detail',
    summary: "One of the caller's own feedback with its answer; another's answers 404",
    tag,
    auth: 'any',
    query: feedbackIdRequest,
    handle: async ({ deps, query, ...caller }) => myFeedback(deps.db, await senderOf(deps.db, caller), query.id),
  }),
  defineEndpoint({
    method: 'post',
    path: '/api/v1/feedback/manage/page',
    summary: 'Every feedback, newest first, optionally of one status (administrators)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: feedbackPageRequest,
    handle: ({ deps, body }) => feedbackPage(deps.db, body),
  }),
  defineEndpoint({
    method: 'post',
    path: '/api/v1/feedback/manage/answer',
    summary: 'Answer a feedback; the sender is mailed the answer (administrators)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: feedbackAnswerRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await answerFeedback(deps, body.id, body.answer, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/api/v1/feedback/manage/close',
    summary: 'Close a feedback (administrators)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: feedbackIdRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await closeFeedback(deps.db, body.id, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
];

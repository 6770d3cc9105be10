import { feedbackAddRequest, feedbackAnswerRequest, feedbackIdRequest, feedbackPageRequest, feedbackView } from '../feedback/feedback.ts';
import { pageQuery } from '../fields.ts';
import { messageAnswer, pageAnswer, uploadAnswer } from './answers.ts';
import { contract } from './contract.ts';

/** Feedback (req shell §2.7, §5.4, §7.6): sent by staff and supplier portal accounts, answered by administrators. */
const tag = 'feedback';

export const FEEDBACK = {
  upload: contract({
    method: 'post',
    path: '/api/v1/feedback/upload',
    summary: "Upload one feedback attachment (30 MB); answers the file's url",
    tag,
    auth: 'any',
    response: uploadAnswer,
  }),
  add: contract({
    method: 'post',
    path: '/api/v1/feedback/add',
    summary: 'Send feedback: type, content and up to 10 of the sender’s own uploads',
    tag,
    auth: 'any',
    body: feedbackAddRequest,
    response: messageAnswer,
  }),
  mine: contract({
    method: 'get',
    path: '/api/v1/feedback/mine',
    summary: "The caller's own feedback with its answers, newest first",
    tag,
    auth: 'any',
    query: pageQuery,
    response: pageAnswer(feedbackView),
  }),
  mineDetail: contract({
    method: 'get',
    path: '/api/v1/feedback/mine/detail',
    summary: "One of the caller's own feedback with its answer; another's answers 404",
    tag,
    auth: 'any',
    query: feedbackIdRequest,
    response: feedbackView,
  }),
  managePage: contract({
    method: 'post',
    path: '/api/v1/feedback/manage/page',
    summary: 'Every feedback, newest first, optionally of one status (administrators)',
    tag,
    auth: 'staff',
    body: feedbackPageRequest,
    response: pageAnswer(feedbackView),
  }),
  answer: contract({
    method: 'post',
    path: '/api/v1/feedback/manage/answer',
    summary: 'Answer a feedback; the sender is mailed the answer (administrators)',
    tag,
    auth: 'staff',
    body: feedbackAnswerRequest,
    response: messageAnswer,
  }),
  close: contract({
    method: 'post',
    path: '/api/v1/feedback/manage/close',
    summary: 'Close a feedback (administrators)',
    tag,
    auth: 'staff',
    body: feedbackIdRequest,
    response: messageAnswer,
  }),
};

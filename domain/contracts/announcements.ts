import { z } from 'zod';
import {
  announcementAdminRow,
  announcementDetail,
  announcementForm,
  announcementIdQuery,
  announcementManagePageRequest,
  announcementPageQuery,
  announcementReader,
  announcementReadersQuery,
  announcementReadRequest,
  announcementView,
} from '../announcement/announcement.ts';
import { fileAnswer, messageAnswer, pageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * Announcements (req shell §2.7, §7.6): the reader's calls under the requirements’ paths for staff and supplier portal
 * accounts alike, and the administrators' management calls beside them.
 */
const tag = 'announcements';
const saved = messageAnswer.extend({ id: z.number().int() });

export const ANNOUNCEMENT = {
  file: contract({
    method: 'get',
    path: '/api/v1/announcement/file',
    summary: "Download an announcement's attachment (its audience only)",
    tag,
    auth: 'any',
    query: announcementIdQuery,
    response: fileAnswer,
  }),
  page: contract({
    method: 'get',
    path: '/api/v1/announcement/getPage',
    summary: "The caller's announcements, newest first, 20 a page, each with its read flag",
    tag,
    auth: 'any',
    query: announcementPageQuery,
    response: pageAnswer(announcementView),
  }),
  read: contract({
    method: 'post',
    path: '/api/v1/announcement/read',
    summary: 'Mark announcements read (ids the caller does not see are ignored)',
    tag,
    auth: 'any',
    body: announcementReadRequest,
    response: messageAnswer,
  }),
  unreadCount: contract({
    method: 'get',
    path: '/api/v1/announcement/unReadCount',
    summary: "How many of the caller's announcements are unread",
    tag,
    auth: 'any',
    response: z.number().int(),
  }),
  // The requirements list a GET; it writes receipts, so it is a POST (a GET answers 405, as other former GET writes).
  readAll: contract({
    method: 'post',
    path: '/api/v1/announcement/readAll',
    summary: "Mark all of the caller's announcements read",
    tag,
    auth: 'any',
    response: messageAnswer,
  }),
  managePage: contract({
    method: 'post',
    path: '/api/v1/announcement/manage/page',
    summary: 'Every announcement with its status and read count (administrators)',
    tag,
    auth: 'staff',
    body: announcementManagePageRequest,
    response: pageAnswer(announcementAdminRow),
  }),
  detail: contract({
    method: 'get',
    path: '/api/v1/announcement/manage/detail',
    summary: 'One announcement for the editor (administrators)',
    tag,
    auth: 'staff',
    query: announcementIdQuery,
    response: announcementDetail,
  }),
  save: contract({
    method: 'post',
    path: '/api/v1/announcement/manage/save',
    summary: 'Save an announcement as a draft (administrators)',
    tag,
    auth: 'staff',
    body: announcementForm,
    response: saved,
  }),
  publish: contract({
    method: 'post',
    path: '/api/v1/announcement/manage/publish',
    summary: 'Publish an announcement now or at its release time (administrators)',
    tag,
    auth: 'staff',
    body: announcementForm,
    response: saved,
  }),
  remove: contract({
    method: 'post',
    path: '/api/v1/announcement/manage/delete',
    summary: 'Delete a draft announcement (administrators)',
    tag,
    auth: 'staff',
    body: announcementIdQuery,
    response: messageAnswer,
  }),
  withdraw: contract({
    method: 'post',
    path: '/api/v1/announcement/manage/withdraw',
    summary: 'Withdraw a published announcement: no reader sees it any more (its publisher or an administrator)',
    tag,
    auth: 'staff',
    body: announcementIdQuery,
    response: messageAnswer,
  }),
  readers: contract({
    method: 'get',
    path: '/api/v1/announcement/manage/readers',
    summary: 'Who of its audience read an announcement, or who has not yet (administrators)',
    tag,
    auth: 'staff',
    query: announcementReadersQuery,
    response: pageAnswer(announcementReader),
  }),
  roles: contract({
    method: 'get',
    path: '/api/v1/announcement/manage/roles',
    summary: 'The roles a staff audience may name (administrators)',
    tag,
    auth: 'staff',
    response: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
};

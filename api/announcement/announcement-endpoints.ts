import { z } from 'zod';
import {
  announcementForm,
  announcementIdQuery,
  announcementManagePageRequest,
  announcementPageQuery,
  announcementReadersQuery,
  announcementReadRequest,
} from '#domain/announcement/announcement.ts';
import { ROUTES } from '#domain/permissions.ts';
import { readerOf } from '#services/announcement/audience.ts';
import { announcementPage, markAllRead, markRead, openAnnouncementFile, unreadCount } from '#services/announcement/read.ts';
import { announcementDetail, announcementReaders, audienceRoles, deleteAnnouncementDraft, manageAnnouncementPage, saveAnnouncement, withdrawAnnouncement } from '#services/announcement/manage.ts';
import { notFound } from '#domain/errors.ts';
import { sendFile } from '../common/file-response.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';

const tag = 'announcements';
/** Writing, publishing and the receipts of announcements: administrators. */
const MANAGE = [ROUTES.announcementManage];

/**
 * Announcements (spec 3 §2.7, §7.6): the reader's calls under the spec's paths for staff and supplier
 * portal accounts alike, and the administrators' management calls beside them.
 */
export const announcementEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/api/v1/announcement/getPage',
    summary: "The caller's announcements, newest first, 20 a page, each with its read flag",
    tag,
    auth: 'any',
    query: announcementPageQuery,
    handle: async ({ deps, query, ...caller }) => announcementPage(deps.db, await readerOf(deps.db, caller), query),
  }),
  defineEndpoint({
    method: 'post',
    path: '/api/v1/announcement/read',
    summary: 'Mark announcements read (ids the caller does not see are ignored)',
    tag,
    auth: 'any',
    body: announcementReadRequest,
    response: messageResponse,
    async handle({ deps, body, locale, ...caller }) {
      await markRead(deps.db, await readerOf(deps.db, caller), body.ids);
      return messageOf('operationSuccess', locale);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/api/v1/announcement/unReadCount',
    summary: "How many of the caller's announcements are unread",
    tag,
    auth: 'any',
    response: z.number().int(),
    handle: async ({ deps, ...caller }) => unreadCount(deps.db, await readerOf(deps.db, caller)),
  }),
  defineEndpoint({
    // The spec lists a GET; it writes receipts, so it is a POST (a GET answers 405, as other former GET writes).
    method: 'post',
    path: '/api/v1/announcement/readAll',
    summary: "Mark all of the caller's announcements read",
    tag,
    auth: 'any',
    response: messageResponse,
    async handle({ deps, locale, ...caller }) {
      await markAllRead(deps.db, await readerOf(deps.db, caller));
      return messageOf('operationSuccess', locale);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/api/v1/announcement/file',
    summary: "Download an announcement's attachment (its audience only)",
    tag,
    auth: 'any',
    query: announcementIdQuery,
    async respond({ deps, query, ...caller }, _req, res) {
      const file = await openAnnouncementFile(deps, await readerOf(deps.db, caller), query.id);
      if (!file) throw notFound();
      await sendFile(res, file, file.fileName);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/api/v1/announcement/manage/page',
    summary: 'Every announcement with its status and read count (administrators)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: announcementManagePageRequest,
    handle: ({ deps, body, staff, locale }) => manageAnnouncementPage(deps.db, body, staff, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/api/v1/announcement/manage/detail',
    summary: 'One announcement for the editor (administrators)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    query: announcementIdQuery,
    handle: ({ deps, query, staff, locale }) => announcementDetail(deps.db, query.id, staff, locale),
  }),
  defineEndpoint({
    method: 'post',
    path: '/api/v1/announcement/manage/save',
    summary: 'Save an announcement as a draft (administrators)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: announcementForm,
    async handle({ deps, body, staff, locale }) {
      const { id } = await saveAnnouncement(deps.db, body, staff, false);
      return { id, ...messageOf('saved', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/api/v1/announcement/manage/publish',
    summary: 'Publish an announcement now or at its release time (administrators)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: announcementForm,
    async handle({ deps, body, staff, locale }) {
      const { id } = await saveAnnouncement(deps.db, body, staff, true);
      return { id, ...messageOf('announcementPublished', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/api/v1/announcement/manage/delete',
    summary: 'Delete a draft announcement (administrators)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: announcementIdQuery,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await deleteAnnouncementDraft(deps.db, body.id, staff);
      return messageOf('announcementDeleted', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/api/v1/announcement/manage/withdraw',
    summary: 'Withdraw a published announcement: no reader sees it any more (its publisher or an administrator)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    body: announcementIdQuery,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await withdrawAnnouncement(deps.db, body.id, staff);
      return messageOf('announcementWithdrawn', locale);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/api/v1/announcement/manage/readers',
    summary: 'Who of its audience read an announcement, or who has not yet (administrators)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    query: announcementReadersQuery,
    handle: ({ deps, query }) => announcementReaders(deps.db, query.id, query.read, query),
  }),
  defineEndpoint({
    method: 'get',
    path: '/api/v1/announcement/manage/roles',
    summary: 'The roles a staff audience may name (administrators)',
    tag,
    auth: 'staff',
    permissions: MANAGE,
    handle: ({ deps, locale }) => audienceRoles(deps.db, locale),
  }),
];

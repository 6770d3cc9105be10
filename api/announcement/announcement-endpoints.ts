import { ANNOUNCEMENT } from '#domain/contracts/announcements.ts';
import { ROUTES } from '#domain/permissions.ts';
import { readerOf } from '#services/announcement/audience.ts';
import { announcementPage, markAllRead, markRead, openAnnouncementFile, unreadCount } from '#services/announcement/read.ts';
import { announcementDetail, announcementReaders, audienceRoles, deleteAnnouncementDraft, manageAnnouncementPage, saveAnnouncement, withdrawAnnouncement } from '#services/announcement/manage.ts';
import { notFound } from '#domain/errors.ts';
import { sendFile } from '../common/file-response.ts';
import { implement, implementResponding } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

/** Writing, publishing and the receipts of announcements: administrators. */
const MANAGE = [ROUTES.announcementManage];

/** Announcements (domain/contracts/announcements.ts): readers of either side, and the administrators. */
export const announcementEndpoints = [
  implement(ANNOUNCEMENT.page, {
    handle: async ({ deps, query, ...caller }) => announcementPage(deps.db, await readerOf(deps.db, caller), query),
  }),
  implement(ANNOUNCEMENT.read, {
    async handle({ deps, body, locale, ...caller }) {
      await markRead(deps.db, await readerOf(deps.db, caller), body.ids);
      return messageOf('operationSuccess', locale);
    },
  }),
  implement(ANNOUNCEMENT.unreadCount, {
    handle: async ({ deps, ...caller }) => unreadCount(deps.db, await readerOf(deps.db, caller)),
  }),
  implement(ANNOUNCEMENT.readAll, {
    async handle({ deps, locale, ...caller }) {
      await markAllRead(deps.db, await readerOf(deps.db, caller));
      return messageOf('operationSuccess', locale);
    },
  }),
  implementResponding(ANNOUNCEMENT.file, {
    async respond({ deps, query, ...caller }, _req, res) {
      const file = await openAnnouncementFile(deps, await readerOf(deps.db, caller), query.id);
      if (!file) throw notFound();
      await sendFile(res, file, file.fileName);
    },
  }),
  implement(ANNOUNCEMENT.managePage, {
    permissions: MANAGE,
    handle: ({ deps, body, staff, locale }) => manageAnnouncementPage(deps.db, body, staff, locale),
  }),
  implement(ANNOUNCEMENT.detail, {
    permissions: MANAGE,
    handle: ({ deps, query, staff, locale }) => announcementDetail(deps.db, query.id, staff, locale),
  }),
  implement(ANNOUNCEMENT.save, {
    permissions: MANAGE,
    async handle({ deps, body, staff, locale }) {
      const { id } = await saveAnnouncement(deps.db, body, staff, false);
      return { id, ...messageOf('saved', locale) };
    },
  }),
  implement(ANNOUNCEMENT.publish, {
    permissions: MANAGE,
    async handle({ deps, body, staff, locale }) {
      const { id } = await saveAnnouncement(deps.db, body, staff, true);
      return { id, ...messageOf('announcementPublished', locale) };
    },
  }),
  implement(ANNOUNCEMENT.remove, {
    permissions: MANAGE,
    async handle({ deps, body, staff, locale }) {
      await deleteAnnouncementDraft(deps.db, body.id, staff);
      return messageOf('announcementDeleted', locale);
    },
  }),
  implement(ANNOUNCEMENT.withdraw, {
    permissions: MANAGE,
    async handle({ deps, body, staff, locale }) {
      await withdrawAnnouncement(deps.db, body.id, staff);
      return messageOf('announcementWithdrawn', locale);
    },
  }),
  implement(ANNOUNCEMENT.readers, {
    permissions: MANAGE,
    handle: ({ deps, query }) => announcementReaders(deps.db, query.id, query.read, query),
  }),
  implement(ANNOUNCEMENT.roles, {
    permissions: MANAGE,
    handle: ({ deps, locale }) => audienceRoles(deps.db, locale),
  }),
];

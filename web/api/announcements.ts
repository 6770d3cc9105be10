import { queryOptions } from '@tanstack/react-query';
import type { AnnouncementFormInput } from '#domain/announcement/announcement.ts';
import { ANNOUNCEMENT_PAGE_SIZE } from '#domain/announcement/announcement-layout.ts';
import { ANNOUNCEMENT } from '#domain/contracts/announcements.ts';
import { call } from './call.ts';
import { portalSession } from './portal-session.ts';

/**
 * Announcements (req shell §7.6): the reader's calls, made as staff (cookie) or as a supplier portal
 * account (`portal`: its Bearer token), and the administrators' management calls.
 */
export type ReaderSide = 'staff' | 'portal';

/**
 * The unread pop-ups put off until the next login, kept in this tab: for a portal account its login's token
 * marks it (a new login has another), for staff it is forgotten at logout.
 */
const laterKey = (side: ReaderSide) => `announcements.later.${side}`;
const loginMark = (side: ReaderSide) => (side === 'portal' ? (portalSession.token() ?? '') : 'staff');
export const popUpsLater = {
  isSet(side: ReaderSide): boolean {
    try {
      return sessionStorage.getItem(laterKey(side)) === loginMark(side);
    } catch {
      return false;
    }
  },
  set(side: ReaderSide): void {
    try {
      sessionStorage.setItem(laterKey(side), loginMark(side));
    } catch {
      // storage unavailable: the pop-ups come back on the next page load
    }
  },
  forget(side: ReaderSide): void {
    try {
      sessionStorage.removeItem(laterKey(side));
    } catch {
      // storage unavailable: nothing to forget
    }
  },
};

export const announcementKeys = {
  all: ['announcement'] as const,
  reader: (side: ReaderSide) => [...announcementKeys.all, 'reader', side] as const,
  manage: () => [...announcementKeys.all, 'manage'] as const,
};

const as = (side: ReaderSide) => ({ portal: side === 'portal' });

export const announcementPageQuery = (side: ReaderSide, currentPage: number) =>
  queryOptions({
    queryKey: [...announcementKeys.reader(side), 'page', currentPage],
    queryFn: ({ signal }) => call(ANNOUNCEMENT.page, { query: { currentPage, pageSize: ANNOUNCEMENT_PAGE_SIZE } }, { ...as(side), signal }),
  });

/** The bell's count; read again every minute so a newly released announcement lights the dot. */
export const unreadCountQuery = (side: ReaderSide) =>
  queryOptions({
    queryKey: [...announcementKeys.reader(side), 'unread'],
    queryFn: ({ signal }) => call(ANNOUNCEMENT.unreadCount, {}, { ...as(side), signal }),
    refetchInterval: 60_000,
  });

export const markAnnouncementsRead = (side: ReaderSide, ids: number[]) => call(ANNOUNCEMENT.read, { body: { ids } }, as(side));
export const markAllAnnouncementsRead = (side: ReaderSide) => call(ANNOUNCEMENT.readAll, {}, as(side));

export const manageAnnouncementsQuery = (currentPage: number, pageSize: number) =>
  queryOptions({
    queryKey: [...announcementKeys.manage(), 'list', currentPage, pageSize],
    queryFn: ({ signal }) => call(ANNOUNCEMENT.managePage, { body: { currentPage, pageSize } }, { signal }),
  });

export const announcementDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...announcementKeys.manage(), 'detail', id],
    queryFn: ({ signal }) => call(ANNOUNCEMENT.detail, { query: { id } }, { signal }),
  });

export const announcementReadersQuery = (id: number, read: boolean, currentPage: number) =>
  queryOptions({
    queryKey: [...announcementKeys.manage(), 'readers', id, read, currentPage],
    queryFn: ({ signal }) => call(ANNOUNCEMENT.readers, { query: { id, read: read ? 'true' : 'false', currentPage, pageSize: 20 } }, { signal }),
  });

/** Field errors come back on the ApiError; the editor shows them on their fields. */
export const saveAnnouncement = (form: AnnouncementFormInput) => call(ANNOUNCEMENT.save, { body: form }, { handleErrors: true });
export const publishAnnouncement = (form: AnnouncementFormInput) => call(ANNOUNCEMENT.publish, { body: form }, { handleErrors: true });
export const deleteAnnouncement = (id: number) => call(ANNOUNCEMENT.remove, { body: { id } });
/** Withdraws a published announcement; a refusal (not the publisher, already withdrawn) shows the server's message. */
export const withdrawAnnouncement = (id: number) => call(ANNOUNCEMENT.withdraw, { body: { id } });

export const audienceRolesQuery = (locale: string) =>
  queryOptions({
    queryKey: [...announcementKeys.manage(), 'roles', locale],
    queryFn: ({ signal }) => call(ANNOUNCEMENT.roles, {}, { signal }),
    staleTime: 60 * 60_000,
  });

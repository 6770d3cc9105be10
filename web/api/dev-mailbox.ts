import { queryOptions } from '@tanstack/react-query';
import { keepPreviousData } from './keep-previous-data.ts';
import type { Page } from '#domain/fields.ts';
import { get } from './client.ts';

/** The dev mailbox of a developer's install (staff with ops:dev-mailbox; absent elsewhere). */
export interface MailboxEntry {
  id: number;
  to: string;
  subject: string;
  createdAt: string;
  status: 'stored' | 'sent' | 'failed';
}

export interface MailboxMail extends MailboxEntry {
  text: string;
  html: string;
  locale: string;
}

export interface MailboxQuery {
  to?: string;
  currentPage: number;
  pageSize: number;
}

const devMailboxKeys = {
  all: ['dev-mailbox'] as const,
  list: (q: MailboxQuery) => [...devMailboxKeys.all, 'list', q] as const,
  mail: (id: number) => [...devMailboxKeys.all, 'mail', id] as const,
};

/** Polls, so a mail the app sends (an invitation, a login code) shows up without a reload. */
export const mailboxListQuery = (q: MailboxQuery) =>
  queryOptions({
    queryKey: devMailboxKeys.list(q),
    queryFn: ({ signal }) => get<Page<MailboxEntry>>('/dev/v1/mailbox', { ...q }, { signal, handleErrors: true }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

export const mailboxMailQuery = (id: number) =>
  queryOptions({
    queryKey: devMailboxKeys.mail(id),
    queryFn: ({ signal }) => get<MailboxMail>(`/dev/v1/mailbox/${id}`, undefined, { signal, handleErrors: true }),
    // A stored mail never changes.
    staleTime: Infinity,
  });

import { queryOptions } from '@tanstack/react-query';
import { keepPreviousData } from './keep-previous-data.ts';
import type { ContractAnswer } from '#domain/contracts/contract.ts';
import { DEV_MAILBOX } from '#domain/contracts/files.ts';
import { call } from './call.ts';

/** The dev mailbox of a developer's install (staff with ops:dev-mailbox; absent elsewhere). */
export type MailboxEntry = ContractAnswer<typeof DEV_MAILBOX.list>['records'][number];
export type MailboxMail = ContractAnswer<typeof DEV_MAILBOX.mail>;

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
    queryFn: ({ signal }) => call(DEV_MAILBOX.list, { query: q }, { signal, handleErrors: true }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });

export const mailboxMailQuery = (id: number) =>
  queryOptions({
    queryKey: devMailboxKeys.mail(id),
    queryFn: ({ signal }) => call(DEV_MAILBOX.mail, { params: { id } }, { signal, handleErrors: true }),
    // A stored mail never changes.
    staleTime: Infinity,
  });

import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '#domain/identity.ts';
import type { Locale } from '#domain/i18n.ts';
import { IDENTITY } from '#domain/contracts/identity.ts';
import { call } from './call.ts';

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  options: () => [...authKeys.all, 'options'] as const,
  totp: () => [...authKeys.all, 'totp'] as const,
};

// The staff layout decides what a 401 means (go to login), so no toast here.
const fetchCurrentUser = (signal?: AbortSignal, locale?: Locale) => call(IDENTITY.currentUser, {}, { signal, handleErrors: true, locale });

let early: Promise<CurrentUser> | undefined;

/**
 * Asked by the entry as a staff page starts (web/main.tsx), in the language the page is about to load:
 * the answer is there when the staff layout's `beforeLoad` reads it, instead of the request starting only
 * after the page's code and texts have loaded and run. The first read takes it; later ones fetch.
 */
export function requestCurrentUserEarly(locale: Locale): void {
  early = fetchCurrentUser(undefined, locale);
  early.catch(() => undefined);
}

export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: ({ signal }) => {
      const answer = early ?? fetchCurrentUser(signal);
      early = undefined;
      return answer;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '#domain/identity.ts';
import { get } from './client.ts';

export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  options: () => [...authKeys.all, 'options'] as const,
  totp: () => [...authKeys.all, 'totp'] as const,
};

export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    // The staff layout decides what a 401 means (go to login), so no toast here.
    queryFn: ({ signal }) => get<CurrentUser>('/dsc-staff/v1/current-user', undefined, { signal, handleErrors: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });

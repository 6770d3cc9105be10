import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '#domain/identity.ts';
import { get, post } from './client.ts';

export type { CurrentUser };

const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
};

export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    // The staff layout decides what a 401 means (go to login), so no toast here.
    queryFn: ({ signal }) => get<CurrentUser>('/dsc-staff/v1/current-user', undefined, { signal, handleErrors: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export interface LoginInput {
  username: string;
  password: string;
}

export const login = (input: LoginInput) => post<null>('/v1/auth/login', input, { handleErrors: true });
export const logout = () => post<null>('/v1/auth/logout');

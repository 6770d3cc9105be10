import { queryOptions } from '@tanstack/react-query';
import { get, post } from './client.ts';

/** GET /dsc-staff/v1/current-user (spec 3 §3.5, §7.7): the session user and the permission store. */
export interface CurrentUser {
  id: string;
  username: string;
  jobNumber: string;
  name: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  departmentId: string | null;
  departmentName: string | null;
  roles: string[];
  permissions: { routes: string[]; buttons: string[] };
  appEnv: 'dev' | 'test' | 'ptest' | 'ontest' | 'prod';
}

export const authKeys = {
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

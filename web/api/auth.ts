import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '#domain/identity.ts';
import { authKeys } from './current-user.ts';
import type { LoginNext, TotpEnrolment, TotpStatus } from '#domain/staff-identity/second-factor.ts';
import type { PasswordChange } from '#domain/staff-identity/password-rules.ts';
import { get, post } from './client.ts';
import { popUpsLater } from './announcements.ts';

export type { CurrentUser };

// The staff routes read the session user before they render, in the app's entry: that query lives apart, without
// the login and second-factor calls below.
export { currentUserQuery } from './current-user.ts';

/** Whether the company account (OpenID Connect) is offered on the login page. */
export const loginOptionsQuery = () =>
  queryOptions({
    queryKey: authKeys.options(),
    queryFn: ({ signal }) => get<{ companyLogin: boolean }>('/v1/auth/options', undefined, { signal, handleErrors: true }),
    staleTime: Infinity,
    retry: false,
  });

export const totpStatusQuery = () =>
  queryOptions({ queryKey: authKeys.totp(), queryFn: ({ signal }) => get<TotpStatus>('/v1/auth/totp', undefined, { signal }) });

export interface LoginInput {
  username: string;
  password: string;
}

export const login = (input: LoginInput) => post<{ next: LoginNext; enrolment?: TotpEnrolment }>('/v1/auth/login', input, { handleErrors: true });
export const loginTotp = (code: string) => post<{ recoveryCodes: null }>('/v1/auth/login/totp', { code }, { handleErrors: true });
export const loginEnrol = (code: string) => post<{ recoveryCodes: string[] }>('/v1/auth/login/enrol', { code }, { handleErrors: true });
/** Where the browser goes for the company-account login (a full navigation, not a call). */
export const companyLoginHref = (redirect?: string) => `/v1/auth/oidc/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
export const logout = () => post<{ logoutUrl: string | null }>('/v1/auth/logout');

export const startTotp = () => post<TotpEnrolment>('/v1/auth/totp/start');
export const confirmTotp = (code: string) => post<{ recoveryCodes: string[] }>('/v1/auth/totp/confirm', { code }, { handleErrors: true });
export const disableTotp = (password: string) => post<{ message: string }>('/v1/auth/totp/disable', { password }, { handleErrors: true });
export const changePassword = (input: PasswordChange) => post<{ message: string }>('/v1/auth/password', input, { handleErrors: true });

/**
 * Ends the session; a company-account session continues to the provider's logout, which returns to
 * the site origin (spec 3 §4). Answers whether the browser is leaving for the provider.
 */
export async function logoutEverywhere(): Promise<boolean> {
  const ended = await logout().catch(() => null);
  popUpsLater.forget('staff');
  if (ended?.logoutUrl) {
    window.location.assign(ended.logoutUrl);
    return true;
  }
  return false;
}

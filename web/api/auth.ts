import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '#domain/identity.ts';
import { authKeys } from './current-user.ts';
import { IDENTITY } from '#domain/contracts/identity.ts';
import type { PasswordChange } from '#domain/staff-identity/password-rules.ts';
import { call } from './call.ts';
import { popUpsLater } from './announcements.ts';

export type { CurrentUser };

// The staff routes read the session user before they render, in the app's entry: that query lives apart, without
// the login and second-factor calls below.
export { currentUserQuery } from './current-user.ts';

/** Whether the company account (OpenID Connect) is offered on the login page. */
export const loginOptionsQuery = () =>
  queryOptions({
    queryKey: authKeys.options(),
    queryFn: ({ signal }) => call(IDENTITY.options, {}, { signal, handleErrors: true }),
    staleTime: Infinity,
    retry: false,
  });

export const totpStatusQuery = () =>
  queryOptions({ queryKey: authKeys.totp(), queryFn: ({ signal }) => call(IDENTITY.totp, {}, { signal }) });

export interface LoginInput {
  username: string;
  password: string;
}

export const login = (input: LoginInput) => call(IDENTITY.login, { body: input }, { handleErrors: true });
export const loginTotp = (code: string) => call(IDENTITY.loginTotp, { body: { code } }, { handleErrors: true });
export const loginEnrol = (code: string) => call(IDENTITY.loginEnrol, { body: { code } }, { handleErrors: true });
/** Where the browser goes for the company-account login (a full navigation, not a call). */
export const companyLoginHref = (redirect?: string) => `${IDENTITY.oidcLogin.path}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
export const logout = () => call(IDENTITY.logout, {});

export const startTotp = () => call(IDENTITY.totpStart, {});
export const confirmTotp = (code: string) => call(IDENTITY.totpConfirm, { body: { code } }, { handleErrors: true });
export const disableTotp = (password: string) => call(IDENTITY.totpDisable, { body: { password } }, { handleErrors: true });
export const changePassword = (input: PasswordChange) => call(IDENTITY.password, { body: input }, { handleErrors: true });

/**
 * Ends the session; a company-account session continues to the provider's logout, which returns to
 * the site origin (req shell §4). Answers whether the browser is leaving for the provider.
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

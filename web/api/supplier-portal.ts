import { queryOptions } from '@tanstack/react-query';
import { REFERENCE } from '#domain/contracts/reference.ts';
import { PORTAL } from '#domain/contracts/supplier-login.ts';
import { call } from './call.ts';

/** The supplier portal's calls (login by e-mailed code, its home); portal calls carry the portal token. */
export const portalKeys = {
  /** Everything read with a portal session; removed when a session starts or ends. */
  all: ['supplier-portal'] as const,
  me: (locale: string) => [...portalKeys.all, 'me', locale] as const,
  stages: (locale: string) => [...portalKeys.all, 'stages', locale] as const,
};

export const portalMeQuery = (locale: string) =>
  queryOptions({
    queryKey: portalKeys.me(locale),
    queryFn: ({ signal }) => call(PORTAL.me, {}, { signal, portal: true }),
  });

/** The flow stage names (dictionary fri_cert_stage), read as the portal account. */
export const portalStagesQuery = (locale: string) =>
  queryOptions({
    queryKey: portalKeys.stages(locale),
    queryFn: ({ signal }) => call(REFERENCE.dict, { query: { dictType: 'fri_cert_stage' } }, { signal, portal: true }),
    staleTime: 86_400_000,
  });

/** The page shows the refusals itself (resend wait, field errors). */
export const requestPortalCode = (email: string) => call(PORTAL.verifyCode, { body: { email } }, { handleErrors: true });

export interface PortalLoginInput {
  email: string;
  code: string;
  captchaId?: string;
  captchaText?: string;
}

export const portalLogin = (input: PortalLoginInput) => call(PORTAL.login, { body: input }, { handleErrors: true });

/** Ending an already ended session is no error for the user: the page leaves either way. */
export const portalLogout = () => call(PORTAL.logout, {}, { portal: true, handleErrors: true });

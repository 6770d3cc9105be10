import { queryOptions } from '@tanstack/react-query';
import type { CaptchaResponse, EmailResponse, TokenResponse, VerifyCodeResponse } from '#domain/rfi/login-rules.ts';
import { get, post } from './client.ts';

/** The supplier's login calls and its landing call (spec 1 §7); every call carries the link's temp. */
export const rfiLoginKeys = {
  all: ['rfi-login'] as const,
  email: (temp: string) => [...rfiLoginKeys.all, 'email', temp] as const,
  /** Everything read with one link's supplier session; cleared when a new session starts. */
  link: (temp: string) => ['rfi', temp] as const,
};

/** The login page shows its own '获取邮箱失败', so this call handles its errors. */
export const loginEmailQuery = (temp: string) =>
  queryOptions({
    queryKey: rfiLoginKeys.email(temp),
    queryFn: ({ signal }) => get<EmailResponse>('/v1/rfi/get-email', { temp }, { signal, handleErrors: true }),
    staleTime: Infinity,
    retry: false,
  });

export const requestLoginCode = (temp: string) =>
  post<VerifyCodeResponse>('/v1/rfi/get-verify-code', { temp }, { handleErrors: true });

export interface TokenInput {
  temp: string;
  email: string;
  code: string;
  captchaId?: string;
  captchaText?: string;
}

export const exchangeCodeForToken = (input: TokenInput) => post<TokenResponse>('/v1/rfi/get-token', input, { handleErrors: true });

export const fetchCaptcha = () => get<CaptchaResponse>('/v1/rfi/captcha', undefined, { handleErrors: true });

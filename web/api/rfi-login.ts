import { RFI_LOGIN } from '#domain/contracts/supplier-login.ts';
import { call } from './call.ts';

/**
 * The supplier's login calls and its landing call (req rfi §7); every call carries the link's temp. The
 * captcha's call is in rfi-captcha.ts, with the view that alone loads it.
 */
export const rfiLoginKeys = {
  /** Everything read with one link's supplier session; cleared when a new session starts. */
  link: (temp: string) => ['rfi', temp] as const,
};

/** The login page shows its own '获取邮箱失败', so this call handles its errors. */
export const fetchLoginEmail = (temp: string, signal?: AbortSignal) =>
  call(RFI_LOGIN.email, { query: { temp } }, { signal, handleErrors: true });

export const requestLoginCode = (temp: string) =>
  call(RFI_LOGIN.verifyCode, { body: { temp } }, { handleErrors: true });

export interface TokenInput {
  temp: string;
  email: string;
  code: string;
  captchaId?: string;
  captchaText?: string;
}

export const exchangeCodeForToken = (input: TokenInput) => call(RFI_LOGIN.token, { body: input }, { handleErrors: true });

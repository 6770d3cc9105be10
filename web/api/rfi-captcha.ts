import type { CaptchaResponse } from '#domain/rfi/login-rules.ts';
import { get } from './client.ts';

/** The supplier login's security check (spec 1 §2, §7): a new challenge per showing. */
export const captchaKey = (round: number) => ['rfi-login', 'captcha', round] as const;

export const fetchCaptcha = () => get<CaptchaResponse>('/v1/rfi/captcha', undefined, { handleErrors: true });

import { RFI_LOGIN } from '#domain/contracts/supplier-login.ts';
import { call } from './call.ts';

/** The supplier login's security check (req rfi §2, §7): a new challenge per showing. */
export const captchaKey = (round: number) => ['rfi-login', 'captcha', round] as const;

export const fetchCaptcha = () => call(RFI_LOGIN.captcha, {}, { handleErrors: true });

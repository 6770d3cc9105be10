// The login's constants, refusal codes and answers, apart from login.ts's zod schemas: the login page
// paints with these and loads the schemas when the form is first used.

/** Supplier login by e-mailed code (req rfi §2, §4 "Login", req rfi §5 "Login", req rfi §9; architecture §6). */
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MINUTES = 10;
/** Req rfi §9: the get-code button counts down 120 s; the server refuses earlier resends. */
export const LOGIN_CODE_RESEND_SECONDS = 120;
/** Wrong tries per code; then the code is dead and a new one must be requested. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** Failed logins of an application after which every login needs a solved captcha. */
export const CAPTCHA_AFTER_FAILED_LOGINS = 3;
export const CAPTCHA_TTL_MINUTES = 5;
/** Req rfi §4: after '登录成功' the page moves on after 1 s. */
export const LOGIN_SUCCESS_DELAY_MS = 1_000;

/**
 * Envelope codes of a refused login: the HTTP status carries the class (400, 404, 429), the code the
 * reason, so the login page knows which refusals to show (req rfi §4: a wrong code shows nothing).
 */
export const LOGIN_ERROR = {
  invalidLink: 40401,
  wrongCode: 40011,
  codeNotSent: 40012,
  codeExpired: 40013,
  codeUsed: 40014,
  codeTooManyAttempts: 40015,
  captchaRequired: 40021,
  captchaWrong: 40022,
  resendWait: 42901,
} as const;
export type LoginRefusalReason = keyof typeof LOGIN_ERROR;

/** A wrong code (or e-mail) has spent a try; the last try kills the code. */
export const wrongCodeReason = (attempts: number): LoginRefusalReason => (attempts >= LOGIN_CODE_MAX_ATTEMPTS ? 'codeTooManyAttempts' : 'wrongCode');

/** Why the stored code (none if never sent) could not be tried: used, its tries spent, or expired. */
export function unusableCodeReason(code: { usedAt: Date | null; attempts: number; expiresAt: Date } | undefined, now: Date): LoginRefusalReason {
  if (!code) return 'codeNotSent';
  if (code.usedAt) return 'codeUsed';
  if (code.attempts >= LOGIN_CODE_MAX_ATTEMPTS) return 'codeTooManyAttempts';
  if (code.expiresAt <= now) return 'codeExpired';
  return 'codeUsed';
}

/** Req rfi §5: the enter button is enabled only with the box ticked and both fields filled. */
export function canSubmitLogin(v: { email: string; code: string; agreed: boolean }): boolean {
  return v.agreed && v.email.trim() !== '' && v.code.trim() !== '';
}

export interface EmailResponse {
  email: string;
}
export interface VerifyCodeResponse {
  /** Seconds until the next code may be requested (the countdown of the get-code button). */
  resendAfterSeconds: number;
}
export interface TokenResponse {
  token: string;
  applyNo: string;
}
export interface CaptchaResponse {
  captchaId: string;
  svg: string;
}
export interface CurrentStepResponse {
  step: number;
  /** Set while the questionnaire is returned: why staff sent it back. */
  returnReason?: string;
}

/** `data` of a refused login or code request. */
export interface LoginRefusalData {
  reason: LoginRefusalReason;
  captchaRequired: boolean;
  retryAfterSeconds?: number;
  /** Whom to ask about an invalid link: only for a link that was really issued (expired or replaced). */
  contact?: LinkContact;
}

export interface LinkContact {
  name: string;
  email: string;
}

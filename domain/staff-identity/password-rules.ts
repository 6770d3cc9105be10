import { z } from 'zod';
import { withParams } from '../messages.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/**
 * Local-account passwords (OWASP ASVS 5.0 V6.2): at least 8 characters, up to 128 (ASVS asks that 64
 * be allowed), any characters and no composition rules, checked against a list of common and
 * breached passwords and against the username. Length counts Unicode code points, not UTF-16 units.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const codePoints = (s: string) => [...s].length;

/** The message id of the first rule a new password breaks, or undefined. */
export function newPasswordProblem(password: string, username?: string): 'passwordTooShort' | 'passwordTooLong' | 'passwordTooCommon' | 'passwordContainsUsername' | undefined {
  const length = codePoints(password);
  if (length < PASSWORD_MIN) return 'passwordTooShort';
  if (length > PASSWORD_MAX) return 'passwordTooLong';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'passwordTooCommon';
  if (username && username.length >= 3 && lower.includes(username.toLowerCase())) return 'passwordContainsUsername';
  return undefined;
}

const LIMITS = { min: PASSWORD_MIN, max: PASSWORD_MAX };

/** The problem as a message with its limits (`passwordTooShort|{"min":8}`). */
export function newPasswordMessage(password: string, username?: string): string | undefined {
  const problem = newPasswordProblem(password, username);
  return problem && withParams(problem, LIMITS);
}

/** The profile's password change, checked alike in the form and on the server. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'enterCurrentPassword' }).min(1, { error: 'enterCurrentPassword' }).max(200),
    newPassword: z.string({ error: 'enterNewPassword' }).min(1, { error: 'enterNewPassword' }).max(1000),
    confirmPassword: z.string({ error: 'enterNewPassword' }),
  })
  .superRefine((v, ctx) => {
    const problem = v.newPassword ? newPasswordMessage(v.newPassword) : undefined;
    if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
    if (v.confirmPassword !== v.newPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordsDiffer' });
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** A second-factor code at login: six digits from the authenticator, or one recovery code. */
export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE = /^(?:[a-z0-9]{6}-?){3}[a-z0-9]{6}$/i;
export const secondFactorCodeSchema = z.object({
  code: z
    .string({ error: 'enterTotpCode' })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().min(1, { error: 'enterTotpCode' }).refine((s) => TOTP_CODE.test(s) || RECOVERY_CODE.test(s), { error: 'totpCodeFormat' })),
});

/** Enrolment is confirmed with an authenticator code only (a recovery code proves nothing about the new key). */
export const totpConfirmSchema = z.object({
  code: z
    .string({ error: 'enterTotpCode' })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().min(1, { error: 'enterTotpCode' }).regex(TOTP_CODE, { error: 'totpCodeFormat' })),
});

/** Turning the second factor off asks for the password again. */
export const totpDisableSchema = z.object({
  password: z.string({ error: 'enterCurrentPassword' }).min(1, { error: 'enterCurrentPassword' }).max(200),
});

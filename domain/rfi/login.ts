import { z } from 'zod';
import { emailField } from '../fields.ts';

export * from './login-rules.ts';

/** The invitation's opaque link value; any other shape is simply an unknown link. */
const temp = z.string({ error: 'invalidLink' }).trim().min(1, { error: 'invalidLink' }).max(200, { error: 'invalidLink' });

export const tempQuery = z.object({ temp });

export const verifyCodeRequest = z.object({ temp });

const loginCode = z
  .string({ error: 'enterCode' })
  .trim()
  .min(1, { error: 'enterCode', abort: true })
  .regex(/^\d{6}$/, { error: 'codeFormat' });

const loginEmail = z.string({ error: 'enterEmail' }).trim().min(1, { error: 'enterEmail' }).pipe(emailField);

const captchaAnswer = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((v) => (v ? v : undefined));

export const tokenRequest = z.object({
  temp,
  email: loginEmail,
  code: loginCode,
  captchaId: z.string().trim().max(100).optional().transform((v) => (v ? v : undefined)),
  captchaText: captchaAnswer,
});
export type TokenRequest = z.infer<typeof tokenRequest>;

/** The login page's form: the server's fields plus the privacy agreement (req rfi §5). */
export const loginForm = z.object({
  email: loginEmail,
  code: loginCode,
  agreed: z.literal(true, { error: 'agreePrivacy' }),
});

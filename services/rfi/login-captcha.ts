import svgCaptcha from 'svg-captcha';
import type { Db } from '#db/connection.ts';
import { newToken, sameDigest } from '#adapters/security/tokens.ts';
import { CAPTCHA_AFTER_FAILED_LOGINS, CAPTCHA_TTL_MINUTES } from '#domain/rfi/login.ts';
import { loginDigest } from './login-digest.ts';

/** Answers compare without case or surrounding blanks: the image does not show case reliably. */
const normalise = (answer: string) => answer.trim().toLowerCase();

/** A new image challenge (req rfi §2 security verification). Only the answer's HMAC is kept. */
export async function issueCaptcha(db: Db, secret: string, now = new Date()): Promise<{ captchaId: string; svg: string }> {
  const challenge = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1lIi' });
  const captchaId = newToken(16);
  await db.deleteFrom('captcha_challenge').where('expires_at', '<', now).execute();
  await db
    .insertInto('captcha_challenge')
    .values({
      id: captchaId,
      answer_hash: loginDigest(secret, 'captcha', captchaId, normalise(challenge.text)),
      expires_at: new Date(now.getTime() + CAPTCHA_TTL_MINUTES * 60_000),
      solved_at: null,
    })
    .execute();
  return { captchaId, svg: challenge.data };
}

/**
 * Spends a challenge: each one answers once, right or wrong, so an answer cannot be guessed
 * repeatedly against the same image.
 */
export async function solveCaptcha(db: Db, secret: string, input: { captchaId: string; answer: string; now?: Date }): Promise<boolean> {
  const now = input.now ?? new Date();
  const spent = await db
    .updateTable('captcha_challenge')
    .set({ solved_at: now })
    .where('id', '=', input.captchaId)
    .where('solved_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();
  if (!spent) return false;
  return sameDigest(loginDigest(secret, 'captcha', input.captchaId, normalise(input.answer)), spent.answer_hash);
}

/**
 * After CAPTCHA_AFTER_FAILED_LOGINS failed logins every login needs a solved captcha, checked before the
 * code so that a bot without one learns nothing about the code: the refusal, or undefined to go on.
 */
export async function captchaRefusal(
  db: Db,
  secret: string,
  input: { failedLogins: number; captchaId?: string; captchaText?: string; now: Date },
): Promise<'captchaRequired' | 'captchaWrong' | undefined> {
  if (input.failedLogins < CAPTCHA_AFTER_FAILED_LOGINS) return undefined;
  if (!input.captchaId || !input.captchaText) return 'captchaRequired';
  const solved = await solveCaptcha(db, secret, { captchaId: input.captchaId, answer: input.captchaText, now: input.now });
  return solved ? undefined : 'captchaWrong';
}

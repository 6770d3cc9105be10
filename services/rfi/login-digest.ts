import crypto from 'node:crypto';

/**
 * Login codes and captcha answers are stored only as an HMAC under the server secret: a 6-digit code
 * has a million values, so a plain hash read from a leaked table would be reversed at once.
 */
export function loginDigest(secret: string, purpose: 'login-code' | 'captcha' | 'portal-email', subject: string, value: string): string {
  return crypto.createHmac('sha256', secret).update(`${purpose}:${subject}:${value}`).digest('hex');
}

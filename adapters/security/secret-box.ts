import crypto from 'node:crypto';

/**
 * Encrypts small secrets kept in the database (TOTP keys) with AES-256-GCM under a key derived from
 * APP_SECRET, so a copy of the database alone does not give anyone's second factor. The purpose
 * string separates this key from every other use of APP_SECRET.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when the box was sealed under another key (APP_SECRET changed) or altered. */
  open(sealed: string): string | null;
}

export function secretBox(appSecret: string, purpose: string): SecretBox {
  const key = crypto.createHmac('sha256', appSecret).update(`secret-box:${purpose}`).digest();
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${iv.toString('base64url')}.${data.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
    },
    open(sealed) {
      const [v, iv, data, tag] = sealed.split('.');
      if (v !== 'v1' || !iv || !data || !tag) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** Signs a short value for a cookie (HMAC-SHA256); `verifySigned` gives it back only when untouched. */
export function signValue(appSecret: string, purpose: string, value: string): string {
  const mac = crypto.createHmac('sha256', appSecret).update(`signed:${purpose}`).update('\0').update(value).digest('base64url');
  return `${Buffer.from(value, 'utf8').toString('base64url')}.${mac}`;
}

export function verifySigned(appSecret: string, purpose: string, signed: string): string | null {
  const [body, mac] = signed.split('.');
  if (!body || !mac) return null;
  const value = Buffer.from(body, 'base64url').toString('utf8');
  const expected = crypto.createHmac('sha256', appSecret).update(`signed:${purpose}`).update('\0').update(value).digest();
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? value : null;
}

import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT, TOTP } from '#domain/staff-identity/second-factor.ts';

/** TOTP with otplib (RFC 6238): key generation, the otpauth URI and verification with replay protection. */

export function newTotpSecret(): string {
  // 20 random bytes (160 bits), the size RFC 4226 recommends, Base32 for authenticator apps.
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: TOTP.issuer, label: account, secret, digits: TOTP.digits, period: TOTP.period });
}

/**
 * The time step a code matches (within one step of drift either way), or null. A step at or before
 * `lastStep` is refused: each code is good once (ASVS V6.5.1).
 */
export async function verifyTotp(secret: string, code: string, lastStep: number | null, now: Date): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    digits: TOTP.digits,
    period: TOTP.period,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP.period * TOTP.toleranceSteps,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Recovery codes: 24 characters from a 32-letter alphabet without look-alikes (120 bits), shown as
 * `xxxxxx-xxxxxx-xxxxxx-xxxxxx`. ASVS V6.5.2 lets lookup secrets of at least 112 bits be stored
 * with a plain SHA-256; shorter ones would need a slow password hash.
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    // 32 letters: every byte maps without bias.
    const chars = Array.from(crypto.randomBytes(24), (b) => ALPHABET[b % 32]).join('');
    return chars.match(/.{6}/g)!.join('-');
  });
}

export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return crypto.createHash('sha256').update(`recovery:${normal}`).digest('hex');
}

import crypto from 'node:crypto';

/** The shape of every key the server makes: no dots, no leading slash, nothing from a client. */
const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_-]{0,200}$/;

/**
 * A new storage key `yyyy/mm/<random>`: grouped by month so a folder never grows without bound,
 * 128 random bits so a key cannot be guessed. The client's file name never takes part.
 */
export function newFileKey(now = new Date()): string {
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${yyyy}/${mm}/${crypto.randomBytes(16).toString('hex')}`;
}

export function isSafeFileKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//');
}

export function assertSafeFileKey(key: string): void {
  if (!isSafeFileKey(key)) throw new Error(`unsafe file key: ${key}`);
}

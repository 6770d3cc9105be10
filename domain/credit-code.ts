import { CERTIFIED_REGION, creditCodeMax } from './rfi/sections/company-limits.ts';

/**
 * The company's registration number as the apply drawer takes it (req rfi §3, §5): on the mainland the
 * unified social credit code of GB 32100-2015 — 18 characters of the code's alphabet (no I, O, S, V, Z),
 * the last a check character over the first 17 — elsewhere a business registration or D&B number of at
 * most 60 characters. Spaces and dashes are dropped and letters upper-cased before anything is checked.
 */

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const USCC_LENGTH = 18;

export function normalizeCreditCode(raw: string): string {
  return raw.replace(/[\s\-‐－—]+/g, '').toUpperCase();
}

/** The check character of a code's first 17 characters, or undefined when one is outside the alphabet. */
export function usccCheckCharacter(first17: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = ALPHABET.indexOf(first17[i] ?? '');
    if (value < 0) return undefined;
    sum += value * WEIGHTS[i]!;
  }
  return ALPHABET[(31 - (sum % 31)) % 31];
}

export function isValidUscc(code: string): boolean {
  return code.length === USCC_LENGTH && usccCheckCharacter(code.slice(0, 17)) === code[17];
}

/** Why a normalised code does not fit its region (a message id), or undefined when it does. */
export function creditCodeProblem(region: unknown, code: string): 'creditCodeInvalid' | 'maxLength' | undefined {
  if (Number(region) === CERTIFIED_REGION.mainland) return isValidUscc(code) ? undefined : 'creditCodeInvalid';
  return code.length > creditCodeMax(region) ? 'maxLength' : undefined;
}

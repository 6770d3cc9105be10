import { describe, expect, it } from 'vitest';
import { creditCodeProblem, isValidUscc, normalizeCreditCode, usccCheckCharacter } from './credit-code.ts';

describe('the unified social credit code (GB 32100-2015)', () => {
  it('accepts published codes and computes their check character', () => {
    // Codes printed on public business licences.
    for (const code of ['91110000802100433B', '91440300708461136T', '911100007109288314', '91110108551385082Q']) {
      expect(usccCheckCharacter(code.slice(0, 17))).toBe(code[17]);
      expect(isValidUscc(code)).toBe(true);
    }
  });

  it('refuses a wrong check character, a wrong length and letters outside its alphabet', () => {
    expect(isValidUscc('91110000802100433C')).toBe(false);
    expect(isValidUscc('91110000802100433')).toBe(false);
    expect(isValidUscc('9111000080210043IB')).toBe(false);
  });

  it('reads a code typed with spaces, dashes and lower case as the code', () => {
    expect(normalizeCreditCode(' 9111 0108-5513 8508 2q ')).toBe('91110108551385082Q');
  });

  it('checks the mainland code by its check character and other regions by length only', () => {
    expect(creditCodeProblem(10, '91110108551385082Q')).toBeUndefined();
    expect(creditCodeProblem(10, '91110108551385082R')).toBe('creditCodeInvalid');
    expect(creditCodeProblem(30, 'HRB 12345 Amtsgericht München')).toBeUndefined();
    expect(creditCodeProblem(20, 'x'.repeat(61))).toBe('maxLength');
  });
});

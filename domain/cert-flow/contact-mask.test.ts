import { describe, expect, it } from 'vitest';
import { maskEmail, maskName, maskPhone } from './contact-mask.ts';

describe('contact masking (req flow §2.3)', () => {
  it('keeps the first character of a name', () => {
    expect(maskName('张伟')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('张')).toBe('*');
  });
  it('keeps the first character and the domain of an e-mail', () => {
    expect(maskEmail('zhang.wei@example.com')).toBe('z***@example.com');
    expect(maskEmail('broken')).toBe('***');
  });
  it('keeps the first three and last four digits of a phone number', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('12345')).toBe('***45');
  });
});

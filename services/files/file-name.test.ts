import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_LENGTH, downloadFileName, sanitizeFileName } from './file-name.ts';

describe('sanitizeFileName', () => {
  it('keeps only the last path part, without controls, direction overrides or leading dots', () => {
    expect(sanitizeFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('C:\\docs\\报价单.xlsx')).toBe('报价单.xlsx');
    expect(sanitizeFileName('a\u0000b\u0007c\u202e.pdf')).toBe('abc.pdf');
    expect(sanitizeFileName('  ...hidden.txt ')).toBe('hidden.txt');
    expect(sanitizeFileName('..')).toBe('');
    expect(sanitizeFileName('dir/')).toBe('');
  });

  it('cuts long names to 200 characters, keeping the extension and whole characters', () => {
    const cut = sanitizeFileName(`${'😀'.repeat(250)}.docx`);
    expect(Array.from(cut)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(cut.endsWith('😀.docx')).toBe(true);
    expect(Array.from(sanitizeFileName(`${'a'.repeat(300)}`))).toHaveLength(MAX_FILE_NAME_LENGTH);
  });
});

describe('downloadFileName', () => {
  it("uses the caller's name but keeps the stored extension", () => {
    expect(downloadFileName(undefined, '报告.pdf')).toBe('报告.pdf');
    expect(downloadFileName('年度报告.pdf', '报告.pdf')).toBe('年度报告.pdf');
    expect(downloadFileName('x.html', '报告.pdf')).toBe('x.html.pdf');
    expect(downloadFileName('../\u0000', '报告.pdf')).toBe('报告.pdf');
  });
});

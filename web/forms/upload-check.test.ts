import { describe, expect, it } from 'vitest';
import { checkUpload } from './upload-check.ts';

const file = (name: string, size: number) => ({ name, size }) as File;

describe('a file is checked before it is sent (req rfi §5)', () => {
  it('refuses more than 30 MB with 上传文件不能超过30M', () => {
    expect(checkUpload(file('a.pdf', 30 * 1024 * 1024))).toBeNull();
    expect(checkUpload(file('a.pdf', 30 * 1024 * 1024 + 1))).toBe('fileTooLarge');
  });

  it('accepts the listed types only, whatever the case of the extension', () => {
    expect(checkUpload(file('Licence.PDF', 10))).toBeNull();
    expect(checkUpload(file('setup.exe', 10))).toBe('fileTypeNotAllowed');
    expect(checkUpload(file('noextension', 10))).toBe('fileTypeNotAllowed');
    expect(checkUpload(file('a.txt', 10), ['pdf'])).toBe('fileTypeNotAllowed');
  });
});

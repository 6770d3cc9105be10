import { isAllowedExtension, MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '#domain/files.ts';

/** Req rfi §5: one file, 30 MB, the listed extensions; checked before anything is sent. */
export function checkUpload(file: File, extensions: readonly string[] = UPLOAD_EXTENSIONS): 'fileTooLarge' | 'fileTypeNotAllowed' | null {
  if (file.size > MAX_UPLOAD_BYTES) return 'fileTooLarge';
  if (!isAllowedExtension(file.name, extensions)) return 'fileTypeNotAllowed';
  return null;
}

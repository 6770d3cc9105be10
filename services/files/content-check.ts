import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import type { UploadExtension } from '#domain/files.ts';

/** What a file's bytes must be for its extension, and the content type it is served with. */
const KINDS: Record<UploadExtension, { detected: readonly string[] | 'text'; contentType: string }> = {
  pdf: { detected: ['pdf'], contentType: 'application/pdf' },
  jpg: { detected: ['jpg'], contentType: 'image/jpeg' },
  jpeg: { detected: ['jpg'], contentType: 'image/jpeg' },
  png: { detected: ['png'], contentType: 'image/png' },
  // OOXML: a ZIP that file-type recognises by its [Content_Types].xml; macro-enabled variants
  // (docm, xlsm, pptm) are detected as such and refused.
  docx: { detected: ['docx', 'xlsx', 'pptx'], contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { detected: ['docx', 'xlsx', 'pptx'], contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { detected: ['docx', 'xlsx', 'pptx'], contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  // Legacy Office files are OLE compound files (CFB).
  doc: { detected: ['cfb'], contentType: 'application/msword' },
  xls: { detected: ['cfb'], contentType: 'application/vnd.ms-excel' },
  ppt: { detected: ['cfb'], contentType: 'application/vnd.ms-powerpoint' },
  txt: { detected: 'text', contentType: 'text/plain; charset=utf-8' },
  csv: { detected: 'text', contentType: 'text/csv; charset=utf-8' },
};

/** The content type a file of this extension is served with. */
export const contentTypeOf = (extension: UploadExtension): string => KINDS[extension].contentType;

/** Whether a file is UTF-8 text without NUL bytes, read chunk by chunk (never whole into memory). */
async function isUtf8Text(filePath: string): Promise<boolean> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(filePath) as AsyncIterable<Buffer>) {
      if (chunk.includes(0)) return false;
      utf8.decode(chunk, { stream: true });
    }
    utf8.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type to store when the file's bytes match the (already allowed) extension, else null.
 * The client's own content type is never trusted: a PNG named .pdf or an .exe named .docx fails.
 * file-type reads only the bytes it needs from the file.
 */
export async function contentTypeFor(ext: UploadExtension, filePath: string): Promise<string | null> {
  const kind = KINDS[ext];
  const detected = await fileTypeFromFile(filePath);
  if (kind.detected === 'text') return !detected && (await isUtf8Text(filePath)) ? kind.contentType : null;
  return detected && kind.detected.includes(detected.ext) ? kind.contentType : null;
}

import crypto from 'node:crypto';
import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import { newFileKey } from '#adapters/files/file-key.ts';
import { FILE_RELATION_TYPE, UPLOAD_EXTENSIONS, extensionOf, isAllowedExtension, type UploadExtension, type UploadedFile } from '#domain/files.ts';
import { badRequest } from '#services/errors.ts';
import { sanitizeFileName } from './file-name.ts';
import { contentTypeFor } from './content-check.ts';
import type { FileOwner } from './file-owner.ts';

/** What every upload endpoint answers (spec 1 §3 "Uploaded file result"). */
export interface UploadResult extends UploadedFile {
  name: string;
  fileUrl: string;
}

export function downloadUrl(fileKey: string, fileName: string): string {
  return `/common/v1/simple-download?fileKey=${encodeURIComponent(fileKey)}&fileName=${encodeURIComponent(fileName)}`;
}

/**
 * Stores one uploaded file (spec 1 §5, spec 2 §5.14): allowed extension, bytes that really are of
 * that kind, a server-made key, and a stored_file row naming its owner. The size limit is enforced
 * while the body is read, before this runs. Nothing is written when a check fails.
 */
export async function storeUpload(
  deps: { db: Db; files: FileStore },
  input: { originalName: string; bytes: Buffer; owner: FileOwner },
): Promise<UploadResult> {
  const fileName = sanitizeFileName(input.originalName);
  if (!fileName || !isAllowedExtension(fileName, UPLOAD_EXTENSIONS)) throw badRequest('fileTypeNotAllowed');
  const contentType = await contentTypeFor(extensionOf(fileName) as UploadExtension, input.bytes);
  if (!contentType) throw badRequest('fileTypeNotAllowed');

  const fileKey = newFileKey();
  const sha256 = crypto.createHash('sha256').update(input.bytes).digest('hex');
  // Bytes first, row second: a failure in between leaves an unreferenced object, never a row
  // pointing at nothing.
  await deps.files.put(fileKey, input.bytes, contentType);
  await deps.db
    .insertInto('stored_file')
    .values({
      file_key: fileKey,
      file_name: fileName,
      content_type: contentType,
      size: input.bytes.length,
      sha256,
      owner_kind: input.owner.kind,
      owner_id: input.owner.id,
    })
    .execute();

  const url = downloadUrl(fileKey, fileName);
  return { fileKey, fileName, name: fileName, url, fileUrl: url, size: input.bytes.length, relationType: FILE_RELATION_TYPE };
}

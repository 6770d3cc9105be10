import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import { newFileKey } from '#adapters/files/file-key.ts';
import { FILE_RELATION_TYPE, UPLOAD_EXTENSIONS, extensionOf, isAllowedExtension, type UploadExtension, type UploadedFile } from '#domain/files.ts';
import { badRequest } from '#domain/errors.ts';
import { sanitizeFileName } from './file-name.ts';
import { contentTypeFor } from './content-check.ts';
import type { FileOwner } from './file-owner.ts';
import { requireUploadQuota } from './upload-quota.ts';

/** What every upload endpoint answers (req rfi §3 "Uploaded file result"). */
export interface UploadResult extends UploadedFile {
  name: string;
  fileUrl: string;
}

export function downloadUrl(fileKey: string, fileName: string): string {
  return `/common/v1/simple-download?fileKey=${encodeURIComponent(fileKey)}&fileName=${encodeURIComponent(fileName)}`;
}

/** An upload as received: its bytes in a temporary file on local disk, never whole in memory. */
export interface ReceivedFile {
  originalName: string;
  path: string;
  size: number;
}

async function sha256Of(filePath: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(filePath), hash);
  return hash.digest('hex');
}

/**
 * Stores one uploaded file (req rfi §5, req flow §5.14): not empty, allowed extension, bytes that really
 * are of that kind, within the owner's quota, a server-made key, and a stored_file row naming its
 * owner. The size limit is enforced while the body is read, before this runs. The bytes are streamed
 * from the received file to the store. Nothing is written when a check fails.
 */
export async function storeUpload(deps: { db: Db; files: FileStore }, input: { file: ReceivedFile; owner: FileOwner }): Promise<UploadResult> {
  const { file, owner } = input;
  if (file.size === 0) throw badRequest('fileEmpty', { file: 'fileEmpty' });
  const fileName = sanitizeFileName(file.originalName);
  if (!fileName || !isAllowedExtension(fileName, UPLOAD_EXTENSIONS)) throw badRequest('fileTypeNotAllowed');
  const contentType = await contentTypeFor(extensionOf(fileName) as UploadExtension, file.path);
  if (!contentType) throw badRequest('fileTypeNotAllowed');
  await requireUploadQuota(deps.db, owner, file.size);

  const fileKey = newFileKey();
  const sha256 = await sha256Of(file.path);
  // Bytes first, row second: a failure in between leaves an unreferenced object, never a row
  // pointing at nothing.
  await deps.files.put(fileKey, fs.createReadStream(file.path), contentType, file.size);
  await deps.db
    .insertInto('stored_file')
    .values({ file_key: fileKey, file_name: fileName, content_type: contentType, size: file.size, sha256, owner_kind: owner.kind, owner_id: owner.id })
    .execute();

  const url = downloadUrl(fileKey, fileName);
  return { fileKey, fileName, name: fileName, url, fileUrl: url, size: file.size, relationType: FILE_RELATION_TYPE };
}

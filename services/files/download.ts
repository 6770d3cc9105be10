import type { Readable } from 'node:stream';
import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import { isSafeFileKey } from '#adapters/files/file-key.ts';
import type { FileReader } from './file-owner.ts';

export interface OpenedFile {
  fileName: string;
  contentType: string;
  size: number;
  body: Readable;
}

/**
 * Opens a stored file for a reader, or null when it does not exist or the reader may not see it:
 * staff read any file, a supplier only what it uploaded itself. Both answers look the same to the
 * caller, so a supplier cannot probe other suppliers' keys.
 */
export async function openStoredFile(deps: { db: Db; files: FileStore }, fileKey: string, reader: FileReader): Promise<OpenedFile | null> {
  if (!isSafeFileKey(fileKey)) return null;
  const row = await deps.db.selectFrom('stored_file').selectAll().where('file_key', '=', fileKey).executeTakeFirst();
  if (!row) return null;
  const mayRead = reader.staff || (reader.supplierOwnerId !== undefined && row.owner_kind === 'supplier' && row.owner_id === reader.supplierOwnerId);
  if (!mayRead) return null;
  const body = await deps.files.get(fileKey);
  if (!body) return null;
  return { fileName: row.file_name, contentType: row.content_type, size: row.size, body };
}

import type { Readable } from 'node:stream';
import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import { isSafeFileKey } from '#adapters/files/file-key.ts';
import { mayReadFile, type FileReader } from './file-access.ts';

export interface OpenedFile {
  fileName: string;
  contentType: string;
  size: number;
  body: Readable;
}

/**
 * Opens a stored file for a reader, or null when it does not exist or the reader may not see it: its own
 * upload, or a file of a record it may read (./file-access.ts). Both answers look the same to the caller,
 * so nobody can probe keys.
 */
export async function openStoredFile(deps: { db: Db; files: FileStore }, fileKey: string, reader: FileReader): Promise<OpenedFile | null> {
  return openFile(deps, fileKey, (row) => mayReadFile(deps.db, fileKey, { kind: row.owner_kind, id: row.owner_id }, reader));
}

/** Opens a stored file of a record the caller has already found the reader may read (its checklist, its announcement). */
export function openFileOfRecord(deps: { db: Db; files: FileStore }, fileKey: string): Promise<OpenedFile | null> {
  return openFile(deps, fileKey, async () => true);
}

async function openFile(
  deps: { db: Db; files: FileStore },
  fileKey: string,
  mayRead: (row: { owner_kind: 'staff' | 'supplier'; owner_id: string }) => Promise<boolean>,
): Promise<OpenedFile | null> {
  if (!isSafeFileKey(fileKey)) return null;
  const row = await deps.db.selectFrom('stored_file').selectAll().where('file_key', '=', fileKey).executeTakeFirst();
  if (!row || !(await mayRead(row))) return null;
  const body = await deps.files.get(fileKey);
  if (!body) return null;
  return { fileName: row.file_name, contentType: row.content_type, size: row.size, body };
}

import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import { referenced } from './file-places.ts';

/** An upload no form refers to a day after it was stored is an orphan (a replaced or abandoned file). */
export const ORPHAN_AFTER_HOURS = 24;

/**
 * Removes up to `batch` orphan uploads: the row first, then the object, so a failure in between leaves
 * an unreferenced object (removed by hand or never read), never a row pointing at nothing. Returns the
 * keys removed. Safe to run in several processes at once: only the one that deleted a row removes its object.
 */
export async function removeOrphanUploads(deps: { db: Db; files: FileStore }, now = new Date(), batch = 200): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ORPHAN_AFTER_HOURS * 3_600_000);
  const candidates = await deps.db
    .selectFrom('stored_file as f')
    .select('f.file_key')
    .where('f.created_at', '<', cutoff)
    .where(({ not }) => not(referenced(sql<string>`right(f.file_key, 32)`)))
    .orderBy('f.created_at')
    .limit(batch)
    .execute();
  const removed: string[] = [];
  for (const { file_key } of candidates) {
    // Checked again at the moment of deletion: a form may have taken the file since the scan.
    const gone = await deps.db
      .deleteFrom('stored_file')
      .where('file_key', '=', file_key)
      .where(({ not }) => not(referenced(sql<string>`right(stored_file.file_key, 32)`)))
      .returning('file_key')
      .executeTakeFirst();
    if (!gone) continue;
    await deps.files.remove(file_key);
    removed.push(file_key);
  }
  return removed;
}

import { sql, type RawBuilder } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';

/** An upload no form refers to a day after it was stored is an orphan (a replaced or abandoned file). */
export const ORPHAN_AFTER_HOURS = 24;

/**
 * Every place a form keeps file references (download URLs carrying the file key). A table that starts
 * keeping file references must be added here, or its files would be taken for orphans.
 * A key's last 32 characters are its 128 random bits, the same however the URL encodes the key.
 */
function referenced(randomPart: RawBuilder<string>): RawBuilder<boolean> {
  const within = (text: RawBuilder<unknown>) => sql<boolean>`position(${randomPart} in ${text}) > 0`;
  return sql<boolean>`(
    exists (select 1 from rfi_application a where ${within(sql`a.sections::text`)})
    or exists (select 1 from cert_node_form n where ${within(sql`n.documents::text || coalesce(n.form_values::text, '')`)})
    or exists (select 1 from self_inspection_item s where ${within(sql`concat_ws(' ', s.model_url, s.template_url, s.document_url)`)})
    or exists (select 1 from system_cert_item i where ${within(sql`i.document_list::text`)})
    or exists (select 1 from high_potential_application h where ${within(sql`h.documents::text`)})
    or exists (select 1 from supplier_release r where ${within(sql`r.form::text`)})
  )`;
}

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

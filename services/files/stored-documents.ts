import type { DbOrTrx } from '#db/connection.ts';
import { fileKeyOf, type DocumentItem } from '#domain/cert-flow/documents.ts';
import { badRequest } from '#services/errors.ts';

/**
 * The keys among `keys` whose files were really stored — and, with `supplierOwnerId`, uploaded by that
 * supplier (a supplier must not hand in another party's file by its key).
 */
async function storedKeys(db: DbOrTrx, keys: string[], supplierOwnerId?: string): Promise<Set<string>> {
  if (!keys.length) return new Set();
  let q = db.selectFrom('stored_file').select('file_key').where('file_key', 'in', keys);
  if (supplierOwnerId) q = q.where('owner_kind', '=', 'supplier').where('owner_id', '=', supplierOwnerId);
  return new Set((await q.execute()).map((r) => r.file_key));
}

/**
 * Refuses file URLs whose file was never stored (a forged or mistyped URL): 400 'unknownFile' on each
 * such field, named by its dot path. Staff read every stored file (services/files/download.ts), so
 * for them a stored file is one they may read.
 */
export async function requireStoredUrls(db: DbOrTrx, urls: Record<string, string>): Promise<void> {
  const keyAt = Object.fromEntries(Object.entries(urls).map(([path, url]) => [path, fileKeyOf(url) ?? '']));
  const found = await storedKeys(db, Object.values(keyAt));
  const errors = Object.fromEntries(Object.entries(keyAt).flatMap(([path, key]) => (found.has(key) ? [] : [[path, 'unknownFile']])));
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);
}

/** The same for a node's documents, each named `<field>.<index>.documentUrl`. Returns the documents unchanged. */
export async function requireStoredDocuments(db: DbOrTrx, field: string, documents: DocumentItem[]): Promise<DocumentItem[]> {
  await requireStoredUrls(db, Object.fromEntries(documents.map((d, i) => [`${field}.${i}.documentUrl`, d.documentUrl])));
  return documents;
}

/** The same for a single `documentUrl` field, optionally only among one supplier's own uploads. */
export async function requireStoredFile(db: DbOrTrx, documentUrl: string, supplierOwnerId?: string): Promise<void> {
  const key = fileKeyOf(documentUrl) ?? '';
  if (!(await storedKeys(db, [key], supplierOwnerId)).has(key)) throw badRequest('invalidInput', { documentUrl: 'unknownFile' });
}

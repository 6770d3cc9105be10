import type { Transaction } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Database } from '#db/schema.ts';
import { fileKeyOf, type DocumentItem } from '#domain/cert-flow/documents.ts';
import { badRequest } from '#services/errors.ts';

type Reader = Db | Transaction<Database>;

/**
 * The keys among `keys` whose files were really stored — and, with `supplierOwnerId`, uploaded by that
 * supplier (a supplier must not hand in another party's file by its key).
 */
async function storedKeys(db: Reader, keys: string[], supplierOwnerId?: string): Promise<Set<string>> {
  if (!keys.length) return new Set();
  let q = db.selectFrom('stored_file').select('file_key').where('file_key', 'in', keys);
  if (supplierOwnerId) q = q.where('owner_kind', '=', 'supplier').where('owner_id', '=', supplierOwnerId);
  return new Set((await q.execute()).map((r) => r.file_key));
}

/**
 * Refuses documents whose file was never stored (a forged or mistyped URL): 400 naming the field
 * (`<field>.<index>.documentUrl`). Returns the documents unchanged.
 */
export async function requireStoredDocuments(db: Reader, field: string, documents: DocumentItem[]): Promise<DocumentItem[]> {
  const keys = documents.map((d) => fileKeyOf(d.documentUrl) ?? '');
  const found = await storedKeys(db, keys);
  const errors = Object.fromEntries(keys.flatMap((k, i) => (found.has(k) ? [] : [[`${field}.${i}.documentUrl`, 'unknownFile']])));
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);
  return documents;
}

/** The same for a single `documentUrl` field, optionally only among one supplier's own uploads. */
export async function requireStoredFile(db: Reader, documentUrl: string, supplierOwnerId?: string): Promise<void> {
  const key = fileKeyOf(documentUrl) ?? '';
  if (!(await storedKeys(db, [key], supplierOwnerId)).has(key)) throw badRequest('invalidInput', { documentUrl: 'unknownFile' });
}

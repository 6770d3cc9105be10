import type { Db } from '#db/connection.ts';
import { fileKeyOf, type DocumentItem } from '#domain/cert-flow/documents.ts';
import { badRequest } from '#api/http/errors.ts';

/**
 * Refuses documents whose file was never stored (a forged or mistyped URL): 400 naming the field
 * (`<field>.<index>.documentUrl`). Returns the documents unchanged.
 */
export async function requireStoredDocuments(db: Db, field: string, documents: DocumentItem[]): Promise<DocumentItem[]> {
  const keys = documents.map((d) => fileKeyOf(d.documentUrl) ?? '');
  const found = keys.length
    ? new Set((await db.selectFrom('stored_file').select('file_key').where('file_key', 'in', keys).execute()).map((r) => r.file_key))
    : new Set<string>();
  const errors = Object.fromEntries(keys.flatMap((k, i) => (found.has(k) ? [] : [[`${field}.${i}.documentUrl`, 'unknownFile']])));
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);
  return documents;
}

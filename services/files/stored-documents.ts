import type { DbOrTrx } from '#db/connection.ts';
import { fileKeyOf, type DocumentItem } from '#domain/cert-flow/documents.ts';
import { DOCUMENT_EXTENSIONS, isAllowedExtension } from '#domain/files.ts';
import { badRequest, type FieldErrors } from '#domain/errors.ts';
import { portalFileOwnerId, type FileOwner } from './file-owner.ts';
import { downloadUrl } from './upload.ts';

/**
 * Who hands in a file reference, and so which stored files it may name (no free URLs, no other
 * party's upload): a supplier only its own uploads (stored under `ownerId`); staff any staff upload
 * and the uploads of this flow's supplier (its questionnaire and its portal accounts); an `uploader`
 * only what it uploaded itself (what it hands to a wider audience, an announcement or a feedback).
 */
export type FileReferrer = { kind: 'staff'; flowNo: string } | { kind: 'supplier'; ownerId: string } | { kind: 'uploader'; owner: FileOwner };

/** A checked reference: the stored file's download URL and its name, which replace what the client sent. */
export interface StoredRef {
  url: string;
  name: string;
}

/** The owner ids of a flow's supplier uploads: its questionnaire's application and its portal accounts. */
async function flowSupplierOwners(db: DbOrTrx, flowNo: string): Promise<string[]> {
  const apps = await db.selectFrom('rfi_application').select('apply_no').where('flow_no', '=', flowNo).execute();
  const accounts = await db.selectFrom('supplier_account_flow').select('account_id').where('flow_no', '=', flowNo).execute();
  return [...apps.map((a) => a.apply_no), ...accounts.map((a) => portalFileOwnerId(a.account_id))];
}

/** The stored files among `keys` the referrer may name (any referrer: every stored one), by key, with their stored names. */
async function storedNames(db: DbOrTrx, keys: string[], who?: FileReferrer): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  let q = db.selectFrom('stored_file').select(['file_key', 'file_name']).where('file_key', 'in', keys);
  if (who?.kind === 'uploader') {
    q = q.where('owner_kind', '=', who.owner.kind).where('owner_id', '=', who.owner.id);
  } else if (who?.kind === 'supplier') {
    q = q.where('owner_kind', '=', 'supplier').where('owner_id', '=', who.ownerId);
  } else if (who?.kind === 'staff') {
    const owners = await flowSupplierOwners(db, who.flowNo);
    q = q.where((eb) => eb.or([eb('owner_kind', '=', 'staff'), ...(owners.length ? [eb.and([eb('owner_kind', '=', 'supplier'), eb('owner_id', 'in', owners)])] : [])]));
  }
  return new Map((await q.execute()).map((r) => [r.file_key, r.file_name]));
}

/**
 * Checks file URLs by field path: each must name a stored file the referrer may name, else 400
 * 'unknownFile' on that field and nothing is written. `known` keys (files already on the record being
 * edited) pass as they are. Returns, by path, the stored file's URL and name.
 */
export async function requireStoredUrls(
  db: DbOrTrx,
  who: FileReferrer,
  urls: Record<string, string>,
  known: ReadonlySet<string> = new Set(),
): Promise<Record<string, StoredRef>> {
  const keyAt = Object.entries(urls).map(([path, url]) => [path, fileKeyOf(url) ?? ''] as const);
  const keys = [...new Set(keyAt.map(([, key]) => key).filter(Boolean))];
  // A file already on the record keeps its place even when this caller could not hand it in anew.
  const names = new Map([...(await storedNames(db, keys.filter((k) => !known.has(k)), who)), ...(await storedNames(db, keys.filter((k) => known.has(k))))]);
  const found: Record<string, StoredRef> = {};
  const errors: FieldErrors = {};
  for (const [path, key] of keyAt) {
    const name = names.get(key);
    if (name === undefined) errors[path] = 'unknownFile';
    else found[path] = { url: downloadUrl(key, name), name };
  }
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);
  return found;
}

/**
 * The same for a node's documents, each named `<field>.<index>.documentUrl`: returns them with the
 * stored names and URLs, refusing a stored name of a kind node attachments do not take.
 */
export async function requireStoredDocuments(db: DbOrTrx, who: FileReferrer, field: string, documents: DocumentItem[]): Promise<DocumentItem[]> {
  const refs = await requireStoredUrls(db, who, Object.fromEntries(documents.map((d, i) => [`${field}.${i}.documentUrl`, d.documentUrl])));
  const errors: FieldErrors = {};
  const stored = documents.map((_, i) => {
    const ref = refs[`${field}.${i}.documentUrl`]!;
    if (!isAllowedExtension(ref.name, DOCUMENT_EXTENSIONS)) errors[`${field}.${i}.documentName`] = 'fileTypeNotAllowed';
    return { documentName: ref.name, documentUrl: ref.url };
  });
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);
  return stored;
}

/** The same for a single `documentUrl` field. */
export async function requireStoredFile(db: DbOrTrx, who: FileReferrer, documentUrl: string): Promise<StoredRef> {
  return (await requireStoredUrls(db, who, { documentUrl }))['documentUrl']!;
}

import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';

/** The kinds of record a stored file can belong to; each has its own readers (./file-access.ts). */
export type FileRecord = 'flow' | 'change' | 'exit' | 'supplier' | 'announcement' | 'feedback';

interface FilePlace {
  record: FileRecord;
  table: string;
  /** The record's key: a flow number, a supplier number or an id. */
  key: string;
  /** The text of every column that keeps file references (download URLs carrying the file key). */
  text: string;
  /**
   * Whether the record's supplier reads its files by key. Not node forms or experts' documents (staff only), nor
   * checklists, whose issued templates it reads through its own row.
   */
  supplierReads: boolean;
}

/**
 * Every place a record keeps file references. A table that starts keeping file references must be
 * added here: otherwise its files would be taken for orphans, and nobody but their uploader could read them.
 */
const FILE_PLACES: readonly FilePlace[] = [
  { record: 'flow', table: 'rfi_application', key: 'flow_no', text: 'sections::text', supplierReads: true },
  { record: 'flow', table: 'cert_node_form', key: 'flow_no', text: "documents::text || coalesce(form_values::text, '')", supplierReads: false },
  { record: 'flow', table: 'self_inspection_item', key: 'flow_no', text: "concat_ws(' ', model_url, template_url, document_url)", supplierReads: false },
  { record: 'flow', table: 'system_cert_item', key: 'flow_no', text: 'document_list::text', supplierReads: false },
  { record: 'flow', table: 'high_potential_application', key: 'flow_no', text: 'documents::text', supplierReads: false },
  { record: 'flow', table: 'supplier_release', key: 'flow_no', text: 'form::text', supplierReads: false },
  { record: 'flow', table: 'publicity_objection', key: 'flow_no', text: "coalesce(document_url, '')", supplierReads: false },
  { record: 'change', table: 'supplier_change', key: 'flow_no', text: 'snapshot::text || new_version::text || documents::text', supplierReads: true },
  { record: 'exit', table: 'supplier_exit', key: 'flow_no', text: 'documents::text', supplierReads: false },
  { record: 'supplier', table: 'supplier', key: 'supplier_no', text: "coalesce(master::text, '')", supplierReads: true },
  { record: 'supplier', table: 'supplier_certificate', key: 'supplier_no', text: "coalesce(file_url, '')", supplierReads: true },
  { record: 'supplier', table: 'certificate_renewal', key: 'supplier_no', text: 'file_url', supplierReads: true },
  { record: 'announcement', table: 'announcement', key: 'id::text', text: "coalesce(file_url, '')", supplierReads: true },
  { record: 'feedback', table: 'feedback', key: 'id::text', text: 'files::text', supplierReads: true },
];

/** A file key's last 32 characters are its 128 random bits, the same however a URL encodes the key. */
export const randomPartOf = (fileKey: string) => fileKey.slice(-32);

function within(place: FilePlace, randomPart: RawBuilder<string> | string): RawBuilder<boolean> {
  return sql<boolean>`position(${randomPart} in ${sql.raw(place.text)}) > 0`;
}

/** Whether any record refers to the file whose random part is given (an SQL condition for a scan over stored files). */
export function referenced(randomPart: RawBuilder<string>): RawBuilder<boolean> {
  const places = FILE_PLACES.map((p) => sql`exists (select 1 from ${sql.table(p.table)} where ${within(p, randomPart)})`);
  return sql<boolean>`(${sql.join(places, sql` or `)})`;
}

export interface FileHolder {
  record: FileRecord;
  key: string;
  supplierReads: boolean;
}

/** The records that refer to a stored file, in one statement. */
export async function holdersOf(db: DbOrTrx, fileKey: string): Promise<FileHolder[]> {
  const random = randomPartOf(fileKey);
  const selects = FILE_PLACES.map((p) => sql`select ${p.record}::text as record, ${sql.raw(p.key)} as key, ${sql.lit(p.supplierReads)} as "supplierReads" from ${sql.table(p.table)} where ${within(p, random)}`);
  const { rows } = await sql<FileHolder>`${sql.join(selects, sql` union `)}`.execute(db);
  return rows;
}

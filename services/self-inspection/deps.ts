import type { Transaction } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Database } from '#db/schema.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { FlowGateway } from '#api/cert-flow/flow-gateway.ts';
import { fileKeyOf } from '#domain/cert-flow/documents.ts';
import { badRequest } from '#api/http/errors.ts';

/** What the self-inspection services use from the outside world. */
export interface SelfInspectionDeps {
  db: Db;
  mailer: Mailer;
  flows: FlowGateway;
  files: FileStore;
  /** Base of the links in mails. */
  publicUrl: string;
}

/**
 * 400 on `documentUrl` unless the file was stored — and, for a supplier, uploaded by that supplier
 * (a portal account must not hand in another party's file by its key).
 */
export async function requireStoredFile(db: Db | Transaction<Database>, documentUrl: string, supplierOwnerId?: string): Promise<void> {
  const key = fileKeyOf(documentUrl);
  let q = db.selectFrom('stored_file').select('file_key').where('file_key', '=', key ?? '');
  if (supplierOwnerId) q = q.where('owner_kind', '=', 'supplier').where('owner_id', '=', supplierOwnerId);
  if (!key || !(await q.executeTakeFirst())) throw badRequest('invalidInput', { documentUrl: 'unknownFile' });
}

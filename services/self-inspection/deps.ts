import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';

/** What the self-inspection services use from the outside world. */
export interface SelfInspectionDeps {
  db: Db;
  mailer: Mailer;
  flows: FlowGateway;
  files: FileStore;
  /** Base of the links in mails. */
  publicUrl: string;
}

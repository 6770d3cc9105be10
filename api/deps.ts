import type { Config } from '#infra/config.ts';
import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import type { ExitGateway } from '#services/supplier-exit/exit-gateway.ts';
import type { ChangeGateway } from '#services/supplier-change/change-gateway.ts';
import type { RoundGateway } from '#services/assessment/round-gateway.ts';
import type { CertificateGateway } from '#services/certificates/certificate-gateway.ts';

/** Everything the API needs from the outside world, handed in once at start-up. */
export interface AppDeps {
  config: Config;
  db: Db;
  files: FileStore;
  mailer: Mailer;
  flows: FlowGateway;
  /** The supplier-exit workflows (req exit §2.3). */
  exits: ExitGateway;
  /** The supplier information change workflows (req change §2.1, §2.2). */
  changes: ChangeGateway;
  /** The assessment rounds of performance plans (req performance §2.4). */
  rounds: RoundGateway;
  /** The certificate watch and the renewals' workflows. */
  certificates: CertificateGateway;
  /** The ERP that creates vendors and knows existing ones (req flow §4.5, §7.9). */
  erp: ErpClient;
}

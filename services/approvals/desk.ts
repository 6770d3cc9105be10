import type { Db } from '#db/connection.ts';
import type { ApprovalCard } from '#domain/approvals/card.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import type { Locale } from '#domain/i18n.ts';
import type { RoundGateway } from '#services/assessment/round-gateway.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import type { ChangeGateway } from '#services/supplier-change/change-gateway.ts';
import type { ExitGateway } from '#services/supplier-exit/exit-gateway.ts';
import type { CertificateGateway } from '#services/certificates/certificate-gateway.ts';

export interface DeskDeps {
  db: Db;
  flows: FlowGateway;
  changes: ChangeGateway;
  exits: ExitGateway;
  rounds: RoundGateway;
  certificates: CertificateGateway;
}

export type DeskDecision = { decision: 'pass' | 'reject'; reason?: string };

/**
 * What an area supplies to the one approval card (the people's side of an approval; ApprovalSubject is the
 * engine's): the card as the reader may see it, and a decision checked against what is stored before the engine's
 * validator checks it again. `ref` is the number of what is approved.
 */
export interface ApprovalDesk {
  /** Permissions (route keys) of those who may open the area's approvals at all; the card refuses more per object. */
  readers: readonly string[];
  card(db: Db, ref: string, staff: StaffPrincipal, locale: Locale): Promise<Omit<ApprovalCard, 'kind' | 'ref' | 'reasonMax'>>;
  decide(deps: DeskDeps, ref: string, ask: DeskDecision, staff: StaffPrincipal): Promise<void>;
}

export const isoOf = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

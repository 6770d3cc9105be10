import type { ErpClient } from '#adapters/erp/erp-client.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { Db } from '#db/connection.ts';
import type { ApprovalRef, StepApprover } from '#domain/approvals/kinds.ts';
import type { Actor, StaffActor } from '#domain/identity.ts';

export interface SubjectDeps {
  db: Db;
  mailer: Mailer;
  erp: ErpClient;
  publicUrl: string;
}

export type StepRef = ApprovalRef & { step: number };

/**
 * What an area supplies to the one approval engine (workflows/approval-flow.ts) for its kind of approval: how a
 * step opens for its approver (their task and mail), how a decision and a withdrawal are recorded (the area's
 * rows and history, in one transaction), how the open tasks close when the approval is cancelled. What the
 * outcome then does (apply a change, block a supplier, publish results) is the parent workflow's next step.
 * Every method is idempotent: the engine's activities may run again.
 */
export interface ApprovalSubject {
  openStep(deps: SubjectDeps, input: StepRef & { approver: StepApprover; submitter?: Actor }): Promise<void>;
  recordDecision(deps: SubjectDeps, input: StepRef & { decision: 'pass' | 'reject'; reason?: string; actor: StaffActor }): Promise<void>;
  withdraw(deps: SubjectDeps, input: StepRef & { actor: Actor; reason?: string }): Promise<void>;
  close(deps: SubjectDeps, ref: ApprovalRef): Promise<void>;
}

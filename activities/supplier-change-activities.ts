import { heartbeat } from '@temporalio/activity';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { Db } from '#db/connection.ts';
import type { Actor, StaffActor } from '#domain/identity.ts';
import { applyChangeToMaster } from '#services/supplier-change/approval/apply.ts';
import { sendChangeToErp } from '#services/supplier-change/approval/erp-change.ts';
import { alertContactsOfBankChange, mailChangeApplied, mailChangeApprover, mailChangeReturned } from '#services/supplier-change/approval/notify.ts';
import {
  cancelChangeRound,
  openChangeRound,
  openChangeStep,
  recordChangeConflict,
  recordChangeDecision,
  returnChange,
} from '#services/supplier-change/approval/progress.ts';
import type { ChangeApprovalStepInput } from '#workflows/supplier-change-definitions.ts';

const ERP_HEARTBEAT_MS = 2_000;

/**
 * What a supplier change's workflow does to the outside world (services/supplier-change/approval/*):
 * each write idempotent, each mail after its write under a key of its own.
 */
export function createSupplierChangeActivities(deps: { db: Db; erp: ErpClient; mailer: Mailer; publicUrl: string }) {
  const { db } = deps;
  return {
    /** False when the change is no longer waiting for this round. */
    async openChange(input: { flowNo: string; round: number; steps: ChangeApprovalStepInput[] }): Promise<boolean> {
      return openChangeRound(db, input);
    },
    async alertContactsOfBankChange(input: { flowNo: string; round: number }): Promise<void> {
      await alertContactsOfBankChange(deps, input);
    },
    /** The step's approver gets the task and a mail linking to the approval card. */
    async openChangeStep(input: { flowNo: string; round: number; step: number; approver: { jobNumber: string; name: string } }): Promise<void> {
      const taskNo = await openChangeStep(db, input);
      await mailChangeApprover(deps, { flowNo: input.flowNo, taskNo, approverJobNumber: input.approver.jobNumber });
    },
    async recordChangeDecision(input: { flowNo: string; round: number; step: number; decision: 'approve' | 'reject'; reason?: string; actor: StaffActor }): Promise<void> {
      await recordChangeDecision(db, input);
    },
    async returnChange(input: { flowNo: string; round: number; reason: string; actor: StaffActor }): Promise<void> {
      await returnChange(db, input);
      await mailChangeReturned(deps, input);
    },
    async cancelChange(input: { flowNo: string; round: number; actor: Actor; reason?: string }): Promise<void> {
      await cancelChangeRound(db, input);
    },
    async applyChange(input: { flowNo: string; round: number; overConflict: boolean; actor?: StaffActor }): Promise<'applied' | 'conflict'> {
      return applyChangeToMaster(db, input);
    },
    async recordChangeConflict(input: { flowNo: string; round: number }): Promise<void> {
      await recordChangeConflict(db, input);
    },
    /** Heartbeats while the ERP thinks (up to 60 s), so a worker that dies mid-call is noticed in seconds. */
    async sendChangeToErp(input: { flowNo: string; round: number }): Promise<void> {
      const beating = setInterval(() => heartbeat(), ERP_HEARTBEAT_MS);
      try {
        await sendChangeToErp(deps, input);
      } finally {
        clearInterval(beating);
      }
      await mailChangeApplied(deps, input);
    },
  };
}

export type SupplierChangeActivities = ReturnType<typeof createSupplierChangeActivities>;

import { z } from 'zod';
import { PERMISSIONS, hasPermission } from '../permissions.ts';
import type { MessageId } from '../messages.ts';
import { RFI_READ_KEYS } from '../rfi/questionnaire-contract.ts';
import { canReassign } from './owners.ts';
import { canAdjustOwner, canTerminate, mayOpenDetail, mayTerminate } from './rules.ts';

/** One action of a flow list row for the caller: allowed, or refused with the message the write would answer. */
export type RowAction = { allowed: true } | { allowed: false; reason: MessageId };
export const rowAction = z.union([z.object({ allowed: z.literal(true) }), z.object({ allowed: z.literal(false), reason: z.string() })]) as z.ZodType<RowAction>;

export const flowRowActionsAnswer = z.object({ openDetail: rowAction, terminate: rowAction, adjustOwner: rowAction, operationLog: rowAction });
export type FlowRowActions = z.infer<typeof flowRowActionsAnswer>;

export interface RowActionViewer {
  jobNumber: string;
  permissions: readonly string[];
  /** Holds one of the flow's roles or tasks. */
  participant: boolean;
}

const allow: RowAction = { allowed: true };
const refuse = (reason: MessageId): RowAction => ({ allowed: false, reason });

/**
 * The row actions of the flow list (req flow §2.1), from the same rule functions the writes check, so the
 * list never offers what the server will refuse.
 */
export function flowRowActions(
  flow: { stage: number; currentNodeCode: string; passTime: Date | string | null; purchaseJobNumber: string; cmtLeaderJobNumber: string; requalification?: boolean },
  viewer: RowActionViewer,
): FlowRowActions {
  return {
    openDetail: mayOpenDetail(flow, viewer) ? allow : refuse('flowNotOpen'),
    terminate: !hasPermission(viewer.permissions, PERMISSIONS.certTermination)
      ? refuse('noTerminationKey')
      : !mayTerminate(flow, viewer)
        ? refuse('notFlowPurchaseManager')
        : !canTerminate(flow)
          ? refuse('cannotTerminateHere')
          : allow,
    adjustOwner: !canAdjustOwner(flow)
      ? refuse('flowEnded')
      : // The dialog changes the purchasing manager and the CMT leader: the caller must be allowed one of them.
        [
          { role: 'PURCHASE_MANAGER', jobNumber: flow.purchaseJobNumber },
          { role: 'CMT_LEADER', jobNumber: flow.cmtLeaderJobNumber },
        ].some((entry) => canReassign(entry, viewer, flow.purchaseJobNumber))
        ? allow
        : refuse('notYourResponsibility'),
    operationLog: hasPermission(viewer.permissions, RFI_READ_KEYS) ? allow : refuse('noOperationLogKey'),
  };
}

import { z } from 'zod';
import { FLOW_ROLES, PERMISSIONS, hasPermission } from '../permissions.ts';
import { requiredText } from '../fields.ts';
import { flowNoField } from './flow-no.ts';

/** POST /v1/register/adjust (req flow §7.1): the purchasing manager and the CMT leader of a flow. */
export const adjustOwnerRequest = z
  .object({
    flowNo: flowNoField,
    purchaseJobNumber: requiredText(40, 'chooseRecommender'),
    purchaseName: requiredText(50),
    cmtLeader: requiredText(40),
    cmtLeaderName: requiredText(50),
  });
export type AdjustOwnerRequest = z.infer<typeof adjustOwnerRequest>;

/** A row of the reassign dialog (req flow §3.13): who holds a role, and whether this user may change it. */
export const roleDetailRow = z.object({ role: z.string(), jobNumber: z.string(), name: z.string(), editable: z.boolean() });
export type RoleDetailRow = z.infer<typeof roleDetailRow>;

/**
 * Req flow §5.13: a responsibility may be changed by its holder, by anyone with
 * cert_process_manage_all, or — for the roles outside the seven protected ones — by the holder of
 * the first entry (the purchasing manager).
 */
export function canReassign(
  entry: { role: string; jobNumber: string },
  user: { jobNumber: string; permissions: readonly string[] },
  firstEntryHolder: string,
): boolean {
  if (entry.jobNumber === user.jobNumber) return true;
  if (hasPermission(user.permissions, PERMISSIONS.certProcessManageAll)) return true;
  return firstEntryHolder === user.jobNumber && !(FLOW_ROLES as readonly string[]).includes(entry.role);
}

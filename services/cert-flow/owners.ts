import type { Db } from '#db/connection.ts';
import { APPLY_TYPE } from '#domain/cert-flow/enums.ts';
import { canAdjustOwner, canTerminate, mayTerminate } from '#domain/cert-flow/rules.ts';
import { canReassign, type AdjustOwnerRequest, type RoleDetailRow } from '#domain/cert-flow/owners.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { badRequest, conflict, forbidden, notFound } from '#domain/errors.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import type { RoleAssignment } from '#workflows/definitions.ts';


async function loadFlow(db: Db, flowNo: string) {
  const flow = await db.selectFrom('cert_flow').select(['flow_no', 'stage', 'current_node_code', 'purchase_job_number', 'apply_type']).where('flow_no', '=', flowNo).executeTakeFirst();
  if (!flow) throw notFound('flowNotFound');
  return flow;
}

/** Terminate (req flow §4.1): only at RFI or APTITUDE; the workflow decides and records stage 0. */
export async function terminateFlow(deps: { db: Db; flows: FlowGateway }, flowNo: string, staff: StaffPrincipal): Promise<void> {
  const flow = await loadFlow(deps.db, flowNo);
  if (!mayTerminate({ purchaseJobNumber: flow.purchase_job_number }, staff)) throw forbidden('notFlowPurchaseManager');
  // Checked here too so the common refusal needs no round trip; the workflow's validator is the authority.
  if (!canTerminate({ stage: flow.stage, currentNodeCode: flow.current_node_code, requalification: flow.apply_type === APPLY_TYPE.REQUALIFY })) throw conflict('cannotTerminateHere');
  await deps.flows.terminate(flowNo, actorOf(staff), `terminate:${flowNo}`);
}

/** The reassign dialog's rows for this user (req flow §5.13). */
export async function roleDetail(db: Db, flowNo: string, staff: StaffPrincipal): Promise<RoleDetailRow[]> {
  await loadFlow(db, flowNo);
  const rows = await db.selectFrom('cert_flow_role').select(['role', 'job_number', 'name']).where('flow_no', '=', flowNo).execute();
  const first = rows.find((r) => r.role === 'PURCHASE_MANAGER')?.job_number ?? '';
  return rows.map((r) => ({
    role: r.role,
    jobNumber: r.job_number,
    name: r.name,
    editable: canReassign({ role: r.role, jobNumber: r.job_number }, staff, first),
  }));
}

/**
 * Adjust owner (req flow §7.1 /v1/register/adjust): hands the purchasing manager and CMT leader roles
 * to the chosen staff members. Every changed role must be one this user may change; the people must
 * be active staff; the workflow refuses at stage 0 or 90.
 */
export async function adjustOwner(deps: { db: Db; flows: FlowGateway }, input: AdjustOwnerRequest, staff: StaffPrincipal): Promise<void> {
  const flow = await loadFlow(deps.db, input.flowNo);
  if (!canAdjustOwner({ stage: flow.stage })) throw conflict('flowEnded');
  const rows = await roleDetail(deps.db, input.flowNo, staff);
  const wanted: RoleAssignment[] = [
    { role: 'PURCHASE_MANAGER', jobNumber: input.purchaseJobNumber, name: input.purchaseName },
    { role: 'CMT_LEADER', jobNumber: input.cmtLeader, name: input.cmtLeaderName },
  ];
  const changed = wanted.filter((w) => rows.find((r) => r.role === w.role)?.jobNumber !== w.jobNumber);
  if (changed.length === 0) return;
  if (changed.some((c) => !rows.find((r) => r.role === c.role)?.editable)) throw forbidden('notYourResponsibility');
  const people = await deps.db
    .selectFrom('staff')
    .select(['job_number', 'name'])
    .where('job_number', 'in', changed.map((c) => c.jobNumber))
    .where('active', '=', true)
    .execute();
  const field = { PURCHASE_MANAGER: 'purchaseJobNumber', CMT_LEADER: 'cmtLeader' } as const;
  const unknown = changed.filter((c) => !people.some((p) => p.job_number === c.jobNumber));
  if (unknown.length) throw badRequest('invalidInput', Object.fromEntries(unknown.map((u) => [field[u.role as keyof typeof field], 'unknownStaff'])));
  // Names come from the staff table, not from the request.
  const assignments = changed.map((c) => ({ ...c, name: people.find((p) => p.job_number === c.jobNumber)!.name }));
  await deps.flows.reassign(input.flowNo, assignments, actorOf(staff), `adjust:${input.flowNo}:${assignments.map((a) => `${a.role}=${a.jobNumber}`).join(',')}`);
}

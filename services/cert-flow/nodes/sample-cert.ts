import type { Db } from '#db/connection.ts';
import { NODE_STATUS, RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { PERMISSIONS, hasPermission } from '#domain/permissions.ts';
import {
  canTransferSampleCert,
  SAMPLE_CERT_CONCLUSION_DICT,
  type SampleCertDetail,
  type SampleCertFinishRequest,
  type SampleCertTransferRequest,
} from '#domain/cert-flow/nodes/sample-cert.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { badRequest, conflict, forbidden } from '#domain/errors.ts';
import { flowStandards } from '#services/scenario/scenario-read.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import { completeNode, type CheckedNode, type NodeCaller } from '../node-work.ts';
import { conclusionPasses, nodeFormDetail, saveNodeForm } from './node-form.ts';

/** Sample certification (req flow §3.9, §4.9, §5.9, §7.6): the technical reviewer's conclusion, and transfer. */

/** Who may transfer the node: cert_process_manage_all, or the purchasing manager while nobody is technical reviewer. */
async function transferRight(db: Db, flowNo: string, staff: StaffPrincipal) {
  const roles = await db.selectFrom('cert_flow_role').select(['role', 'job_number']).where('flow_no', '=', flowNo).execute();
  const hasTechnicalReviewer = roles.some((r) => r.role === 'TECHNICAL_REVIEWER');
  const allowed = canTransferSampleCert({
    manageAll: hasPermission(staff.permissions, PERMISSIONS.certProcessManageAll),
    isPurchaseManager: roles.some((r) => r.role === 'PURCHASE_MANAGER' && r.job_number === staff.jobNumber),
    hasTechnicalReviewer,
  });
  return { allowed, hasTechnicalReviewer };
}

export async function sampleCertDetail(db: Db, flowNo: string, staff: StaffPrincipal): Promise<SampleCertDetail> {
  const { node, ...detail } = await nodeFormDetail(db, flowNo, 'SAMPLE_CERT', staff);
  const right = await transferRight(db, flowNo, staff);
  const standard = (await flowStandards(db, flowNo)).ppap ? ('PPAP' as const) : null;
  return { ...detail, canTransfer: right.allowed && node.status === NODE_STATUS.IN_PROGRESS, noTechnicalReviewer: !right.hasTechnicalReviewer, standard };
}

/** Saves the conclusion, description and attachments, then completes the node; a failing conclusion ends the flow. */
export async function finishSampleCert(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, input: SampleCertFinishRequest, staff: StaffPrincipal): Promise<void> {
  // Under PPAP the warrant's disposition completes the node (req flow §11.4).
  if ((await flowStandards(deps.db, node.flowNo)).ppap) throw conflict('standardInUse');
  const passes = await conclusionPasses(deps.db, SAMPLE_CERT_CONCLUSION_DICT, input.accessStatus);
  const documents = await requireStoredDocuments(deps.db, { kind: 'staff', flowNo: node.flowNo }, 'documentList', input.documentList);
  await saveNodeForm(deps.db, {
    node,
    values: { accessStatus: input.accessStatus, description: input.description, documents },
    staff,
    submit: true,
  });
  await completeNode(deps, { flowNo: node.flowNo, nodeCode: node.nodeCode, actor: actorOf(staff), outcome: passes ? 'pass' : 'fail' });
}

/** Who may transfer the node in progress (req flow §4.9); anyone else 403. */
export const sampleCertTransferer: NodeCaller = async ({ db, node, staff }) => {
  if (!(await transferRight(db, node.flowNo, staff)).allowed) throw forbidden('cannotTransfer');
};

/**
 * Hands the technical reviewer's role to an active staff member (the name comes from the staff
 * table); the workflow's reassign moves the open task, or opens it when nobody held the role.
 */
export async function transferSampleCert(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, input: SampleCertTransferRequest, staff: StaffPrincipal): Promise<void> {
  const { flowNo } = node;
  const person = await deps.db
    .selectFrom('staff')
    .select(['job_number', 'name'])
    .where('job_number', '=', input.jobNumber)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!person) throw badRequest('invalidInput', { jobNumber: 'unknownStaff' });
  // The update id counts the flow's earlier reassignments, so a later transfer back to the same person
  // is a new update; a repeated request changes nothing (assignments are idempotent).
  const { n } = await deps.db
    .selectFrom('operation_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('relation_type', '=', RELATION_TYPE.CERT_FLOW)
    .where('relation_code', '=', flowNo)
    .where('action', '=', 'REASSIGN')
    .executeTakeFirstOrThrow();
  await deps.flows.reassign(
    flowNo,
    [{ role: 'TECHNICAL_REVIEWER', jobNumber: person.job_number, name: person.name }],
    actorOf(staff),
    `transfer:${flowNo}:${Number(n)}:${person.job_number}`,
  );
}

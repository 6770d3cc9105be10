import type { Db } from '#db/connection.ts';
import type { AptitudeDraft, AptitudeRequest, AptitudeResult } from '#domain/cert-flow/nodes/aptitude.ts';
import type { NodeFormDetail } from '#domain/cert-flow/nodes/node-form.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import { completeNode, type CheckedNode } from '../node-work.ts';
import { nodeFormDetail, saveNodeForm } from './node-form.ts';

/** Qualification matching (req flow §2.6, §3.4, §5.5, §7.2): the purchasing manager's summary and file. */

/** The approve_result key recorded when the node completes: aptitude has only the passing outcome. */
const APTITUDE_PASSED = 10;

export async function aptitudeDetail(db: Db, flowNo: string, staff: StaffPrincipal): Promise<NodeFormDetail> {
  const { node: _node, ...detail } = await nodeFormDetail(db, flowNo, 'APTITUDE', staff);
  return detail;
}

/** The result view after completion: the recorded outcome and the file. */
export async function aptitudeResult(db: Db, flowNo: string, staff: StaffPrincipal): Promise<AptitudeResult> {
  const detail = await aptitudeDetail(db, flowNo, staff);
  return { accessStatus: detail.accessStatus, documentList: detail.documentList };
}

/** POST /audit: saves the work in progress without completing the node (docs/decisions/0013-node-screens.md). */
export async function saveAptitude(db: Db, node: CheckedNode, input: AptitudeDraft, staff: StaffPrincipal): Promise<void> {
  const documents = await requireStoredDocuments(db, { kind: 'staff', flowNo: node.flowNo }, 'documentList', input.documentList);
  await saveNodeForm(db, { node, values: { description: input.description, documents }, staff, submit: false });
}

/** POST /completed: validates, saves, then asks the workflow to close the node. */
export async function completeAptitude(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, input: AptitudeRequest, staff: StaffPrincipal): Promise<void> {
  const documents = await requireStoredDocuments(deps.db, { kind: 'staff', flowNo: node.flowNo }, 'documentList', input.documentList);
  await saveNodeForm(deps.db, {
    node,
    values: { accessStatus: APTITUDE_PASSED, description: input.description, documents },
    staff,
    submit: true,
  });
  await completeNode(deps, { flowNo: node.flowNo, nodeCode: node.nodeCode, actor: actorOf(staff), outcome: 'pass' });
}

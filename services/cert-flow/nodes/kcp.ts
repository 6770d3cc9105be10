import type { Db } from '#db/connection.ts';
import { KCP_CONCLUSION_DICT, type KcpNode, type KcpSubmitRequest } from '#domain/cert-flow/nodes/kcp.ts';
import type { NodeFormDetail } from '#domain/cert-flow/nodes/node-form.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import { completeNode, type CheckedNode } from '../node-work.ts';
import { conclusionPasses, nodeFormDetail, saveNodeForm } from './node-form.ts';

/** The first meeting conclusion (req flow §3.5, §4.3, §5.6, §7.3); KCP2 with its to-do list is kcp2.ts. */

export async function kcpDetail(db: Db, flowNo: string, nodeCode: KcpNode, staff: StaffPrincipal): Promise<NodeFormDetail> {
  const { node: _node, ...detail } = await nodeFormDetail(db, flowNo, nodeCode, staff);
  return detail;
}

/**
 * Saves the conclusion and its attachments, then completes the node: 'fail' when the conclusion's
 * dictionary entry does not pass, which ends the flow (req flow §4.3).
 */
export async function submitKcp(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, input: KcpSubmitRequest, staff: StaffPrincipal): Promise<void> {
  const passes = await conclusionPasses(deps.db, KCP_CONCLUSION_DICT[input.nodeCode], input.accessStatus);
  const documents = await requireStoredDocuments(deps.db, { kind: 'staff', flowNo: node.flowNo }, 'documentList', input.documentList);
  await saveNodeForm(deps.db, { node, values: { accessStatus: input.accessStatus, documents }, staff, submit: true });
  await completeNode(deps, { flowNo: node.flowNo, nodeCode: node.nodeCode, actor: actorOf(staff), outcome: passes ? 'pass' : 'fail' });
}

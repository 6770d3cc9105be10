import type { Db } from '#db/connection.ts';
import { aptitudeDraft, aptitudeRequest, type AptitudeResult } from '#domain/cert-flow/nodes/aptitude.ts';
import type { NodeFormDetail } from '#domain/cert-flow/nodes/node-form.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import { completeNode, requireNodePrincipal } from '../node-work.ts';
import { nodeFormDetail, saveNodeForm } from './node-form.ts';
import { flowNoQuery } from '#domain/cert-flow/review.ts';

/** Qualification matching (spec 2 §2.6, §3.4, §5.5, §7.2): the purchasing manager's summary and file. */

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

/** POST /audit: saves the work in progress without completing the node (docs/decisions.md "Node screens"). */
export async function saveAptitude(db: Db, body: unknown, staff: StaffPrincipal): Promise<void> {
  const { flowNo } = flowNoQuery.parse(body);
  await requireNodePrincipal(db, flowNo, 'APTITUDE', staff);
  const input = aptitudeDraft.parse(body);
  await requireStoredDocuments(db, 'documentList', input.documentList);
  await saveNodeForm(db, { flowNo, nodeCode: 'APTITUDE', values: { description: input.description, documents: input.documentList }, staff, submit: false });
}

/** POST /completed: validates, saves, then asks the workflow to close the node. */
export async function completeAptitude(deps: { db: Db; flows: FlowGateway }, body: unknown, staff: StaffPrincipal): Promise<void> {
  const { flowNo } = flowNoQuery.parse(body);
  await requireNodePrincipal(deps.db, flowNo, 'APTITUDE', staff);
  const input = aptitudeRequest.parse(body);
  await requireStoredDocuments(deps.db, 'documentList', input.documentList);
  await saveNodeForm(deps.db, {
    flowNo,
    nodeCode: 'APTITUDE',
    values: { accessStatus: APTITUDE_PASSED, description: input.description, documents: input.documentList },
    staff,
    submit: true,
  });
  await completeNode(deps, { flowNo, nodeCode: 'APTITUDE', actor: actorOf(staff), outcome: 'pass' });
}

import type { Db } from '#db/connection.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { allScored, systemCertCompleter } from '#domain/cert-flow/nodes/system-cert.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { conflict, forbidden } from '#domain/errors.ts';
import { completeNode, type CheckedNode, type NodeCaller } from '#services/cert-flow/node-work.ts';
import { itemState, loadItemRows } from './items.ts';
import { flowStandards } from '#services/scenario/scenario-read.ts';

/** Who completes the node: the quality expert, else the purchasing manager (req flow §4.8, §6). */
export const systemCertCompleterOnly: NodeCaller = async ({ db, node, staff }) => {
  const states = (await loadItemRows(db, node.flowNo)).map(itemState);
  const { completer, jobNumber } = systemCertCompleter(states, node.task?.principalJobNumber ?? null);
  if (jobNumber !== staff.jobNumber) throw forbidden(completer === 'QUALITY_EXPERT' ? 'onlyQualityExpertCompletes' : 'onlyPurchaseManagerCompletes');
};

/**
 * POST /v1/system-cert/complete (req flow §4.8, §6): the quality dimension's expert completes the node,
 * or the purchasing manager when no quality expert is assigned, once every assigned expert has
 * submitted. The experts' conclusions are recorded, not flow-ending: the node passes (docs/decisions/).
 */
export async function completeSystemCert(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, staff: StaffPrincipal): Promise<void> {
  const { flowNo } = node;
  if ((await flowStandards(deps.db, flowNo)).vda63) throw conflict('standardInUse');
  if (!allScored((await loadItemRows(deps.db, flowNo)).map(itemState))) throw conflict('systemCertNotAllScored');
  // The workflow's closing activity logs the completion with this person, once it has happened.
  await completeNode(deps, { flowNo, nodeCode: 'SYSTEM_CERT', actor: actorOf(staff), outcome: 'pass' });
}

import type { Db } from '#db/connection.ts';
import { supplierCodeObtained } from '#domain/cert-flow/evaluation.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { completeNode, type CheckedNode } from '#services/cert-flow/node-work.ts';
import { conflict } from '#domain/errors.ts';
import { loadRelease } from './release-row.ts';

/**
 * Confirms the release at the RELEASE node (req flow §2.6, §4.2; docs/decisions/0028-the-release-node.md):
 * when the supplier code was obtained at KCP2 there is no approval left to complete RELEASE, so its
 * principal confirms. Refused (409) until the release is approved with its code; the workflow closes
 * the node (and logs it) and answers once the flow has moved on.
 */
export async function confirmRelease(deps: { db: Db; flows: FlowGateway }, node: CheckedNode, staff: StaffPrincipal): Promise<void> {
  const release = await loadRelease(deps.db, node.flowNo);
  if (!release || !supplierCodeObtained(release)) throw conflict('releaseCodeNotObtained');
  await completeNode(deps, { flowNo: node.flowNo, nodeCode: 'RELEASE', actor: actorOf(staff), outcome: 'pass' });
}

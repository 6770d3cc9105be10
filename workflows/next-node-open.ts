import type { CertFlowState } from './definitions.ts';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import type { HasPatch } from './run-patches.ts';

/**
 * An update that closes a node (a completion, the RFI review that passes the round) answers once
 * the flow has moved past the node — the next node's opening activity has run, so its status and
 * task are in the DB — or the flow has ended: the caller's next read shows where the flow is, and
 * no screen has to poll for it (samples-typescript `early-return`).
 *
 * Runs that took such an update before this change answered as soon as the node was finished;
 * `patched` keeps their replay (style 6). Next: `deprecatePatch` once no run from before is open.
 */
const NEXT_NODE_OPEN_PATCH = 'answer-when-next-node-open';

export function answersWhenNextNodeOpen(has: HasPatch): boolean {
  return has(NEXT_NODE_OPEN_PATCH);
}

/** The node is finished and the one after it open. */
export function movedPast(state: CertFlowState, nodeCode: NodeCode): boolean {
  return state.finishedNodes.includes(nodeCode) && state.currentNode !== nodeCode && state.nodeOpen;
}

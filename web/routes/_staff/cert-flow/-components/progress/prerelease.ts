import { NODE_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import type { FlowDetail, FlowDetailNode } from '#domain/cert-flow/flow-detail.ts';
import type { Locale } from '#domain/i18n.ts';
import { NODE_TASK_NAME } from '#domain/cert-flow/node-principals.ts';

/**
 * PRERELEASE (req flow §2.3, §4.5): the release form while the flow is still at KCP2. No node plan has
 * it: once the supplier-code application has started, the page shows it as the first node of the
 * fourth stage, in KCP2's state and with KCP2's principal (who fills the form then). Once RELEASE is
 * reached the form is RELEASE's, and PRERELEASE leads there (the task look-up maps PRERELEASE to
 * RELEASE, req flow §7.1).
 */

/** Reached: opened at some time (node-status.ts's isReachable, without its labels, so this stays testable on its own). */
const isReachable = (node: FlowDetailNode) => node.nodeStatus !== NODE_STATUS.NOT_FINISH;

const nodeOf = (flow: FlowDetail, code: NodeCode) => flow.stageThreeList.find((n) => n.nodeCode === code) ?? flow.stageFourList.find((n) => n.nodeCode === code);

const releaseReached = (flow: FlowDetail) => {
  const release = nodeOf(flow, 'RELEASE');
  return release !== undefined && isReachable(release);
};

/** Whether the page may show PRERELEASE: KCP2 reached and RELEASE not yet. */
export function prereleasePossible(flow: FlowDetail): boolean {
  const kcp2 = nodeOf(flow, 'KCP2');
  return kcp2 !== undefined && isReachable(kcp2) && !releaseReached(flow);
}

/** The flow with PRERELEASE first in its fourth stage, when it may show and `show` asks for it. */
export function withPrerelease(flow: FlowDetail, show: boolean, locale: Locale): FlowDetail {
  const kcp2 = nodeOf(flow, 'KCP2');
  if (!show || !kcp2 || !prereleasePossible(flow) || flow.stageFourList.some((n) => n.nodeCode === 'PRERELEASE')) return flow;
  const prerelease: FlowDetailNode = {
    ...kcp2,
    nodeCode: 'PRERELEASE',
    nodeName: NODE_TASK_NAME.PRERELEASE[locale],
    stage: 40,
    kcp: 'NO',
  };
  return { ...flow, stageFourList: [prerelease, ...flow.stageFourList] };
}

/** The node a `node` search parameter names: PRERELEASE after KCP2 is RELEASE. */
export function chosenNode(flow: FlowDetail, chosen: NodeCode | undefined): NodeCode | undefined {
  return chosen === 'PRERELEASE' && releaseReached(flow) ? 'RELEASE' : chosen;
}

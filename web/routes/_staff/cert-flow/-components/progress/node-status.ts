import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import type { FlowDetail, FlowDetailNode } from '#domain/cert-flow/flow-detail.ts';

/** The three states of req flow §4.2 as the step bar and the legend show them, and a node closed by the flow's end. */
export type NodeState = 'notStarted' | 'inProgress' | 'finished' | 'closed';

export function nodeState(node: Pick<FlowDetailNode, 'nodeStatus'>): NodeState {
  if (node.nodeStatus === NODE_STATUS.FINISHED) return 'finished';
  if (node.nodeStatus === NODE_STATUS.CLOSED) return 'closed';
  if (node.nodeStatus === NODE_STATUS.IN_PROGRESS || node.nodeStatus === NODE_STATUS.KCP) return 'inProgress';
  return 'notStarted';
}

export const NODE_STATE_LOOK: Record<NodeState, { color: string; variant: 'filled' | 'light' | 'outline'; label: MessageDescriptor }> = {
  notStarted: { color: 'gray', variant: 'outline', label: msg`未开始` },
  inProgress: { color: 'blue', variant: 'filled', label: msg`进行中` },
  finished: { color: 'green', variant: 'light', label: msg`已完成` },
  closed: { color: 'red', variant: 'light', label: msg`已关闭` },
};

/** Req flow §2.3: a node not yet reached cannot be opened. */
export const isReachable = (node: FlowDetailNode) => nodeState(node) !== 'notStarted';

export interface StageGroup {
  stage: number;
  name: string;
  nodes: FlowDetailNode[];
}

export function stageGroups(flow: FlowDetail): StageGroup[] {
  return [
    { stage: 10, name: flow.stageOneName, nodes: flow.stageOneList },
    { stage: 20, name: flow.stageTwoName, nodes: flow.stageTwoList },
    { stage: 30, name: flow.stageThreeName, nodes: flow.stageThreeList },
    { stage: 40, name: flow.stageFourName, nodes: flow.stageFourList },
  ];
}

export const allNodes = (flow: FlowDetail) => stageGroups(flow).flatMap((g) => g.nodes);

/** Req flow §6: only the principal task's principal edits, and only a node in progress. */
export function isEditable(flow: FlowDetail, node: FlowDetailNode, jobNumber: string): boolean {
  return flow.stage !== 0 && node.nodeStatus === NODE_STATUS.IN_PROGRESS && node.taskList[0]?.taskPrincipalId === jobNumber;
}

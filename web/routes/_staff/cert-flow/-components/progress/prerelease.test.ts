import { describe, expect, it } from 'vitest';
import { NODE_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import type { FlowDetail, FlowDetailNode } from '#domain/cert-flow/flow-detail.ts';
import { chosenNode, prereleasePossible, withPrerelease } from './prerelease.ts';

const node = (nodeCode: NodeCode, stage: number, nodeStatus: number): FlowDetailNode => ({
  nodeCode,
  nodeName: nodeCode,
  stage,
  nodeStatus,
  nodeRequired: 10,
  kcp: nodeCode === 'KCP2' ? 'YES' : 'NO',
  startTime: null,
  finishTime: null,
  taskList: nodeStatus === NODE_STATUS.NOT_FINISH ? [] : [{ taskNo: `T-${nodeCode}`, taskPrincipalId: 'P001', taskPrincipalName: '采购经理', taskStatus: 20, taskEndTime: null, applyNo: null }],
});

function flowAt(kcp2: number, publicity: number, release: number): FlowDetail {
  return {
    stageThreeList: [node('KCP2', 30, kcp2)],
    stageFourList: [node('PUBLICITY', 40, publicity), node('RELEASE', 40, release)],
  } as FlowDetail;
}

const { NOT_FINISH, IN_PROGRESS, FINISHED } = NODE_STATUS;
const codes = (flow: FlowDetail) => flow.stageFourList.map((n) => n.nodeCode);

describe('PRERELEASE on the progress page (req flow §2.3, §4.5)', () => {
  it('shows at KCP2, first in the fourth stage, in KCP2 state with its principal, named in the reader language', () => {
    const flow = withPrerelease(flowAt(IN_PROGRESS, NOT_FINISH, NOT_FINISH), true, 'en');
    expect(codes(flow)).toEqual(['PRERELEASE', 'PUBLICITY', 'RELEASE']);
    expect(flow.stageFourList[0]).toMatchObject({ nodeName: 'Pre-release', stage: 40, kcp: 'NO', nodeStatus: IN_PROGRESS, taskList: [{ taskPrincipalId: 'P001' }] });
    expect(withPrerelease(flowAt(IN_PROGRESS, NOT_FINISH, NOT_FINISH), true, 'zh').stageFourList[0].nodeName).toBe('预发布');
  });

  it('does not show unless asked for (no application started)', () => {
    expect(codes(withPrerelease(flowAt(IN_PROGRESS, NOT_FINISH, NOT_FINISH), false, 'zh'))).toEqual(['PUBLICITY', 'RELEASE']);
  });

  it('stays after KCP2, finished with it, until RELEASE is reached', () => {
    const flow = withPrerelease(flowAt(FINISHED, IN_PROGRESS, NOT_FINISH), true, 'zh');
    expect(flow.stageFourList[0]).toMatchObject({ nodeCode: 'PRERELEASE', nodeStatus: FINISHED });
  });

  it('does not show before KCP2 or once RELEASE is reached, where it leads to RELEASE', () => {
    expect(prereleasePossible(flowAt(NOT_FINISH, NOT_FINISH, NOT_FINISH))).toBe(false);
    const atRelease = flowAt(FINISHED, FINISHED, IN_PROGRESS);
    expect(codes(withPrerelease(atRelease, true, 'zh'))).toEqual(['PUBLICITY', 'RELEASE']);
    expect(chosenNode(atRelease, 'PRERELEASE')).toBe('RELEASE');
    expect(chosenNode(flowAt(IN_PROGRESS, NOT_FINISH, NOT_FINISH), 'PRERELEASE')).toBe('PRERELEASE');
    expect(chosenNode(atRelease, undefined)).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_STATUS, RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { openTestApproval, rejectTestApproval, withdrawTestApproval } from '../support/approvals.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { client, type Caller } from '../support/http-client.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { validReleaseForm } from '../support/release-form.ts';
import { staffSession } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const PM = 'E10002';

/**
 * The approval as the KCP2, high-potential and release screens show it (req flow §3.5, §3.6, §3.15):
 * bpmUrl, the record card of the step that waits, and bpmRemark, the approver's reason. The approval
 * is opened and decided through the approval activities, as its workflows call them.
 */
describe('the approval on the screens: bpmUrl and bpmRemark', () => {
  let app: TestApp;
  let pm: Caller;
  const db = () => app.deps.db;

  beforeAll(async () => {
    app = await startTestApp({ flows: recordingFlows().flows });
    pm = await staffSession(db(), PM);
  });
  afterAll(() => app.close());

  const read = async (path: string, flowNo: string, locale: 'zh' | 'en' = 'zh') => {
    const res = await client(app).as(pm).locale(locale).get(path, { flowNo });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const kcp2 = (flowNo: string) => read('/v1/supplier-assessment/task-detail', flowNo);
  const highPotential = (flowNo: string) => read('/v1/supplier-assessment/get_high-supplier-apply', flowNo);
  const card = (flowNo: string, taskNo: string) => `/cert-flow/approval?flowNo=${flowNo}&taskNo=${taskNo}`;

  it('high potential: the KCP2 task-detail and the application link the pending step’s card, then show the rejection’s reason', async () => {
    const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
    await db().insertInto('high_potential_application').values({ flow_no: flowNo, updated_by: PM }).execute();
    expect(await kcp2(flowNo)).toMatchObject({ highPotentialStatus: APPROVAL_STATUS.NOTSTART, bpmUrl: null, bpmRemark: null });

    const first = await openTestApproval(db(), { flowNo, kind: 'HIGH_POTENTIAL' });
    const pending = { bpmUrl: card(flowNo, first.taskNo), bpmRemark: null };
    expect(await kcp2(flowNo)).toMatchObject({ highPotentialStatus: APPROVAL_STATUS.INPROGRESS, ...pending });
    expect(await highPotential(flowNo)).toMatchObject({ accessStatus: APPROVAL_STATUS.INPROGRESS, ...pending });

    await rejectTestApproval(db(), { flowNo, kind: 'HIGH_POTENTIAL', approvalNo: first.approvalNo, reason: '产能数据不足' });
    const rejected = { bpmUrl: card(flowNo, first.taskNo), bpmRemark: '产能数据不足' };
    expect(await kcp2(flowNo)).toMatchObject({ highPotentialStatus: APPROVAL_STATUS.REJECT, ...rejected });
    expect(await highPotential(flowNo)).toMatchObject({ accessStatus: APPROVAL_STATUS.REJECT, ...rejected });

    // Resubmitted: the next round's step waits, with no remark yet.
    const second = await openTestApproval(db(), { flowNo, kind: 'HIGH_POTENTIAL', round: 2 });
    expect(second.taskNo).not.toBe(first.taskNo);
    expect(await kcp2(flowNo)).toMatchObject({ highPotentialStatus: APPROVAL_STATUS.INPROGRESS, bpmUrl: card(flowNo, second.taskNo), bpmRemark: null });
    expect(await highPotential(flowNo)).toMatchObject({ bpmUrl: card(flowNo, second.taskNo), bpmRemark: null });
  });

  it('supplier code: the release detail and the release form link the pending step’s card, then show the rejection’s reason', async () => {
    const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
    await db().insertInto('supplier_release').values({ flow_no: flowNo, status: RELEASE_STATUS.SAVED, form: JSON.stringify(validReleaseForm()), updated_by: PM }).execute();
    const release = (locale: 'zh' | 'en' = 'zh') => read('/v1/supplier-assessment/get_supplier-pre-release', flowNo, locale);
    const form = () => read('/v1/supplier-release/get-supplier-info', flowNo);
    expect(await release()).toMatchObject({ status: RELEASE_STATUS.SAVED, bpmUrl: null, bpmRemark: null });

    const { approvalNo, taskNo } = await openTestApproval(db(), { flowNo, kind: 'SUPPLIER_CODE' });
    const pending = { status: RELEASE_STATUS.SUBMITTED, bpmUrl: card(flowNo, taskNo), bpmRemark: null, readOnly: true };
    expect(await release()).toMatchObject(pending);
    expect(await form()).toMatchObject(pending);
    // The KCP2 screen shows the high-potential approval's card, not this one.
    expect(await kcp2(flowNo)).toMatchObject({ supplierCodeStatus: RELEASE_STATUS.SUBMITTED, bpmUrl: null });

    await rejectTestApproval(db(), { flowNo, kind: 'SUPPLIER_CODE', approvalNo, reason: '银行信息不完整' });
    const rejected = { status: RELEASE_STATUS.REJECTED, bpmUrl: card(flowNo, taskNo), bpmRemark: '银行信息不完整', readOnly: false };
    expect(await release()).toMatchObject(rejected);
    expect(await form()).toMatchObject(rejected);
  });

  it('a withdrawn approval says so, in the reader’s language', async () => {
    const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
    await db().insertInto('supplier_release').values({ flow_no: flowNo, status: RELEASE_STATUS.SAVED, form: JSON.stringify(validReleaseForm()), updated_by: PM }).execute();
    const { approvalNo } = await openTestApproval(db(), { flowNo, kind: 'SUPPLIER_CODE' });
    await withdrawTestApproval(db(), { flowNo, kind: 'SUPPLIER_CODE', approvalNo });
    const detail = (locale: 'zh' | 'en') => read('/v1/supplier-assessment/get_supplier-pre-release', flowNo, locale);
    expect(await detail('en')).toMatchObject({ status: RELEASE_STATUS.REJECTED, bpmRemark: 'The certification flow ended; the approval was withdrawn' });
    expect((await detail('zh')).bpmRemark).toBe('认证流程已结束，审批已撤销');
  });
});

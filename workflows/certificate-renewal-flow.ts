import { executeChild, getExternalWorkflowHandle, proxyActivities, setHandler } from '@temporalio/workflow';
import type { CertificateActivities } from '#activities/certificate-activities.ts';
import { approvalRunId } from './approval-definitions.ts';
import { approvalFlow } from './approval-flow.ts';
import { approvalStepOpenedSignal } from './definitions.ts';
import { CERTIFICATE_WATCH_ID, certificatesChangedSignal, type RenewalInput, type RenewalState, renewalStateQuery, renewalWorkflowId } from './certificate-definitions.ts';

const acts = proxyActivities<CertificateActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/**
 * A supplier's renewal of a certificate: its purchasing manager approves it on the approval engine (the one approval
 * card), then it takes the old certificate's place on the master (the old one kept as replaced) and the watch is told.
 * A rejection returns it to the supplier with the reason (the engine's subject records it).
 */
export async function certificateRenewalFlow(input: RenewalInput): Promise<RenewalState['phase']> {
  const state: RenewalState = { renewalNo: input.renewalNo, phase: 'approving', onEngine: true };
  setHandler(renewalStateQuery, () => state);
  setHandler(approvalStepOpenedSignal, () => undefined);
  const { outcome } = await executeChild(approvalFlow, {
    workflowId: approvalRunId(renewalWorkflowId(input.renewalNo), 'CERTIFICATE_RENEWAL'),
    args: [{ kind: 'CERTIFICATE_RENEWAL', flowNo: input.renewalNo, round: 1, approvalNo: input.renewalNo, approvers: [input.approver], submitter: input.submitter }],
    staticSummary: `Approval of certificate renewal ${input.renewalNo}`,
  });
  if (outcome !== 'approved') {
    state.phase = 'rejected';
    return state.phase;
  }
  await acts.applyRenewal({ renewalNo: input.renewalNo });
  state.phase = 'approved';
  try {
    await getExternalWorkflowHandle(CERTIFICATE_WATCH_ID).signal(certificatesChangedSignal);
  } catch {
    // No watch running (a bare test engine): its next start looks at every certificate anyway.
  }
  return state.phase;
}

import { Client, type Connection } from '@temporalio/client';
import { APPROVAL_RULES } from '#domain/approvals/kinds.ts';
import type { CertificateGateway } from '#services/certificates/certificate-gateway.ts';
import {
  CERTIFICATE_RENEWAL_WORKFLOW,
  CERTIFICATE_WATCH_ID,
  CERTIFICATE_WATCH_WORKFLOW,
  certificatesChangedSignal,
  renewalWorkflowId,
} from '#workflows/certificate-definitions.ts';
import { approvalRuns } from './approval-runs.ts';
import { engineCaller, startOnce } from './engine-calls.ts';

const REFUSALS = {
  known: new Set<string>(Object.values(APPROVAL_RULES.CERTIFICATE_RENEWAL.refusals)),
  otherwise: 'renewalNotPending',
  notFound: 'renewalNotPending',
};

/** CertificateGateway over a Temporal client: the one watch, and each renewal's workflow with its approval run. */
export function createTemporalCertificateGateway(opts: { connection: Connection; namespace: string; taskQueue: string; deadlineMs?: number }): CertificateGateway {
  const client = new Client({ connection: opts.connection, namespace: opts.namespace });
  const call = engineCaller(client, REFUSALS, opts.deadlineMs);
  const runs = approvalRuns(client, REFUSALS, opts.deadlineMs);
  return {
    async startRenewal(input) {
      await call(() =>
        startOnce(client, CERTIFICATE_RENEWAL_WORKFLOW, {
          workflowId: renewalWorkflowId(input.renewalNo),
          taskQueue: opts.taskQueue,
          args: [input],
          staticSummary: `Certificate renewal ${input.renewalNo} of supplier ${input.supplierNo}`,
        }),
      );
    },
    async decideRenewal(renewalNo, input, updateId, stillPending) {
      await runs.decide(renewalWorkflowId(renewalNo), { kind: 'CERTIFICATE_RENEWAL', ...input }, { updateId, flowNo: renewalNo, ...(stillPending ? { starting: stillPending } : {}) });
    },
    async certificatesChanged() {
      await call(() =>
        client.workflow.signalWithStart(CERTIFICATE_WATCH_WORKFLOW, {
          workflowId: CERTIFICATE_WATCH_ID,
          taskQueue: opts.taskQueue,
          signal: certificatesChangedSignal,
          staticSummary: 'The watch over every supplier certificate',
        }),
      );
    },
  };
}

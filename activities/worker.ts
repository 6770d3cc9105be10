import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createCertFlowActivities, type CertFlowActivityDeps } from './cert-flow-activities.ts';
import { createApprovalActivities } from './approval-activities.ts';
import { createTodoReminderActivities } from './todo-reminder-activities.ts';
import { createErpActivities } from './erp-activities.ts';
import { createAdmissionActivities } from './admission-activities.ts';
import { createSupplierExitActivities } from './supplier-exit-activities.ts';
import { createSupplierChangeActivities } from './supplier-change-activities.ts';
import { createAssessmentRoundActivities } from './assessment-round-activities.ts';
import { createCertificateActivities } from './certificate-activities.ts';
import { createRequalificationActivities } from './requalification-activities.ts';
import { ruleRefusals } from './rule-refusals.ts';

export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

/**
 * The certification worker (the flow, its approvals, reminders and ERP call). Activities get their
 * dependencies injected (style 2) and a rule's refusal is not retried (rule-refusals.ts); a graceful
 * shutdown lets a running activity finish instead of cutting it off.
 */
export async function createCertFlowWorker(opts: {
  address: string;
  namespace: string;
  taskQueue: string;
  deps: CertFlowActivityDeps;
  workflowBundle?: WorkerOptions['workflowBundle'];
}): Promise<{ worker: Worker; connection: NativeConnection }> {
  const connection = await NativeConnection.connect({ address: opts.address });
  const worker = await Worker.create({
    connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    activities: {
      ...createCertFlowActivities(opts.deps),
      ...createApprovalActivities(opts.deps),
      ...createTodoReminderActivities(opts.deps),
      ...createErpActivities(opts.deps),
      ...createAdmissionActivities(opts.deps),
      ...createSupplierExitActivities(opts.deps),
      ...createSupplierChangeActivities(opts.deps),
      ...createAssessmentRoundActivities(opts.deps),
      ...createCertificateActivities(opts.deps),
      ...createRequalificationActivities(opts.deps),
    },
    interceptors: { activity: [ruleRefusals] },
    ...(opts.workflowBundle ? { workflowBundle: opts.workflowBundle } : { workflowsPath: WORKFLOWS_PATH }),
    shutdownGraceTime: '20 seconds',
  });
  return { worker, connection };
}

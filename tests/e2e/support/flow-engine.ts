import { Connection } from '@temporalio/client';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import type { RunningStack } from '#infra/stack.ts';
import { flowDriver } from '../../support/drive-flow.ts';

/**
 * The run's workflow engine, for a browser test that brings its flow to the place under test through
 * the workflow (tests/support/drive-flow.ts) instead of the screens other tests cover.
 */
export async function connectFlowEngine(stack: RunningStack) {
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const flows = createTemporalFlowGateway({ connection, namespace: stack.config.TEMPORAL_NAMESPACE, taskQueue: stack.config.TEMPORAL_TASK_QUEUE });
  return { connection, flows, drive: flowDriver({ db: stack.db, flows, client: flows.client }) };
}

import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import type { FlowNodeRequest } from '#domain/cert-flow/node-requests.ts';
import { FLOWS } from '#domain/contracts/flows.ts';
import { call } from './call.ts';
import { certFlowKeys } from './cert-flow-keys.ts';
import { setPendingFollower } from './client.ts';
import { followPendingWrite, PENDING_REFETCH_MS, stillPending } from './pending-writes.ts';

/**
 * The flow progress page (req flow §2.3) and the dashboard's open tasks. Everything the page reads of
 * one flow sits under `flow(flowNo)`, each node screen's own data under `node(flowNo, nodeCode)`: a
 * node write refreshes its node, the page's Refresh the whole flow.
 */
export const flowDetailKeys = {
  all: ['cert-flow-detail'] as const,
  flow: (flowNo: string) => [...flowDetailKeys.all, 'flow', flowNo] as const,
  detail: (flowNo: string) => [...flowDetailKeys.flow(flowNo), 'detail'] as const,
  node: (flowNo: string, nodeCode: NodeCode) => [...flowDetailKeys.flow(flowNo), 'node', nodeCode] as const,
  myTasks: () => [...flowDetailKeys.all, 'my-tasks'] as const,
};

/** The app's query client while the staff layout follows pending writes (followPendingFlows). */
let following: QueryClient | undefined;

// Node and task states change in the workflow, outside this browser: read them afresh when shown.
export const flowDetailQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.detail(flowNo), locale],
    // The page shows its own error state (unknown flow, no permission) instead of a toast.
    queryFn: ({ signal }) => call(FLOWS.detail, { query: { flowNo } }, { signal, handleErrors: true }),
    staleTime: 0,
    retry: false,
    // After a 202 (pending-writes.ts): read again until the flow has moved on, then refresh what shows it.
    refetchInterval: (q) => (stillPending(flowNo, q.state.data, () => void (following && invalidateFlowScreens(following, flowNo))) ? PENDING_REFETCH_MS : false),
  });

/**
 * A write answered 202 for a flow: its detail, as shown now, is remembered and read again until it differs.
 * The client calls back here (setPendingFollower); returns the undo for the layout's effect.
 */
export function followPendingFlows(queryClient: QueryClient): () => void {
  following = queryClient;
  setPendingFollower((flowNo) => {
    const shown = queryClient.getQueriesData({ queryKey: flowDetailKeys.detail(flowNo) })[0]?.[1];
    followPendingWrite(flowNo, shown);
    void queryClient.invalidateQueries({ queryKey: flowDetailKeys.detail(flowNo) });
  });
  return () => {
    following = undefined;
    setPendingFollower(() => {});
  };
}

/** Everything shown of the flow: its node screens and tasks too, once a pending write has been carried out. */
function invalidateFlowScreens(queryClient: QueryClient, flowNo: string): Promise<unknown> {
  return Promise.all([invalidateFlow(queryClient, flowNo), queryClient.invalidateQueries({ queryKey: flowDetailKeys.flow(flowNo) })]);
}

export const myTasksQuery = (locale: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.myTasks(), locale],
    queryFn: ({ signal }) => call(FLOWS.myTasks, {}, { signal }),
    staleTime: 0,
  });

/**
 * What a change of a flow's nodes or tasks makes stale besides the node's own data: the flow on its
 * progress page, the signed-in user's open tasks and the list rows (stage, current node).
 */
export function invalidateFlow(queryClient: QueryClient, flowNo: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: flowDetailKeys.detail(flowNo) }),
    queryClient.invalidateQueries({ queryKey: flowDetailKeys.myTasks() }),
    queryClient.invalidateQueries({ queryKey: certFlowKeys.lists() }),
  ]);
}

/** The clear contact values; each call is logged on the server. */
export const revealContact = (flowNo: string) => call(FLOWS.contactReveal, { body: { flowNo } });

/** Req flow §4.2: an optional node completed directly by its principal. */
export const completeOptionalNode = (input: FlowNodeRequest) => call(FLOWS.completeOptional, { body: input });

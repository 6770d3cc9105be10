import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import type { FlowContact, FlowDetail, MyOpenTask } from '#domain/cert-flow/flow-detail.ts';
import type { FlowNodeRequest } from '#domain/cert-flow/node-requests.ts';
import { certFlowKeys } from './cert-flow.ts';
import { get, post } from './client.ts';

/**
 * The flow progress page (spec 2 §2.3) and the dashboard's open tasks. Everything the page reads of
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

// Node and task states change in the workflow, outside this browser: read them afresh when shown.
export const flowDetailQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.detail(flowNo), locale],
    // The page shows its own error state (unknown flow, no permission) instead of a toast.
    queryFn: ({ signal }) => get<FlowDetail>('/v1/cert-flow-node/detail', { flowNo }, { signal, handleErrors: true }),
    staleTime: 0,
    retry: false,
  });

export const myTasksQuery = (locale: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.myTasks(), locale],
    queryFn: ({ signal }) => get<MyOpenTask[]>('/v1/cert-flow-node/my-tasks', undefined, { signal }),
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
export const revealContact = (flowNo: string) => post<FlowContact>('/v1/cert-flow-node/contact-reveal', { flowNo });

/** Spec 2 §4.2: an optional node completed directly by its principal. */
export const completeOptionalNode = (input: FlowNodeRequest) => post<{ message: string }>('/v1/cert-flow-node/complete-optional', input);

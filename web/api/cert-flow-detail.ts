import { queryOptions } from '@tanstack/react-query';
import type { FlowContact, FlowDetail, MyOpenTask } from '#domain/cert-flow/flow-detail.ts';
import type { FlowNodeRequest } from '#domain/cert-flow/node-requests.ts';
import { get, post } from './client.ts';

/** The flow progress page (spec 2 §2.3) and the dashboard's open tasks. */
export const flowDetailKeys = {
  all: ['cert-flow-detail'] as const,
  detail: (flowNo: string) => [...flowDetailKeys.all, 'detail', flowNo] as const,
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
    enabled: Boolean(flowNo),
  });

export const myTasksQuery = (locale: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.myTasks(), locale],
    queryFn: ({ signal }) => get<MyOpenTask[]>('/v1/cert-flow-node/my-tasks', undefined, { signal }),
    staleTime: 0,
  });

/** The clear contact values; each call is logged on the server. */
export const revealContact = (flowNo: string) => post<FlowContact>('/v1/cert-flow-node/contact-reveal', { flowNo });

/** Spec 2 §4.2: an optional node completed directly by its principal. */
export const completeOptionalNode = (input: FlowNodeRequest) => post<{ message: string }>('/v1/cert-flow-node/complete-optional', input);

import type { FlowListQuery } from '#domain/cert-flow/flow-list.ts';

export const certFlowKeys = {
  all: ['cert-flow'] as const,
  lists: () => [...certFlowKeys.all, 'list'] as const,
  list: (q: FlowListQuery, locale: string) => [...certFlowKeys.lists(), q, locale] as const,
};

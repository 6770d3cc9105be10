import { queryOptions } from '@tanstack/react-query';
import { keepPreviousData } from './keep-previous-data.ts';
import type { Page } from '#domain/fields.ts';
import type { FlowListQuery, FlowListRow } from '#domain/cert-flow/flow-list.ts';
import type { ExpandApply, RegisterApply } from '#domain/cert-flow/apply.ts';
import { post } from './client.ts';

// The keys live apart: the flow progress page's query, in the app's entry, refreshes the lists by them.
export { certFlowKeys } from './cert-flow-keys.ts';
import { certFlowKeys } from './cert-flow-keys.ts';

export const flowListQuery = (q: FlowListQuery, locale: string) =>
  queryOptions({
    queryKey: certFlowKeys.list(q, locale),
    queryFn: ({ signal }) => post<Page<FlowListRow>>('/v1/cert-flow-node/flow-list', q, { signal }),
    placeholderData: keepPreviousData,
  });

/** Field errors are shown in the drawer, so the call handles its own errors. */
export const createRegisterApplication = (input: RegisterApply) =>
  post<{ flowNo: string }>('/v1/cert-flow-node/create', input, { handleErrors: true });

/** Expand an accepted supplier's categories (spec 2 §2.2); field errors shown in the drawer too. */
export const createExpandApplication = (input: ExpandApply) =>
  post<{ flowNo: string }>('/v1/cert-flow-node/expand', input, { handleErrors: true });

/** Row actions (spec 2 §2.1, §7.1); both answer with the success text in the caller's language. */
export const terminateFlow = (flowNo: string) => post<{ message: string }>('/v1/register/termination', { flowNo });

export interface AdjustOwnerInput {
  flowNo: string;
  purchaseJobNumber: string;
  purchaseName: string;
  cmtLeader: string;
  cmtLeaderName: string;
}
export const adjustOwner = (input: AdjustOwnerInput) => post<{ message: string }>('/v1/register/adjust', input, { handleErrors: true });

import type { DashboardScope } from '#domain/dashboard/dashboard.ts';
import { FLOW_LIST_PAGING, type FlowListFilters, type FlowListSearch } from '../../cert-flow/-components/flow-list-search.ts';
import type { OperationsSearch } from '../index.tsx';

export type FlowListLink = (extra?: Partial<FlowListFilters>) => FlowListSearch;

/**
 * The flow list's search for a figure with the dashboard's filters and scope as the list's own (the CMT and category by name, the
 * scope as the purchasing manager or CMT leader filter), so the list shows the flows a figure counted.
 */
export function useFlowListLink(search: OperationsSearch, scope: DashboardScope | undefined, names: { cmtName?: string; categoryName?: string }): FlowListLink {
  return (extra = {}) => ({
    ...FLOW_LIST_PAGING,
    ...(search.certScenario ? { certScenario: search.certScenario } : {}),
    ...(names.cmtName ? { cmtName: names.cmtName } : {}),
    ...(names.categoryName ? { categoryNames: names.categoryName } : {}),
    ...(scope?.kind === 'cmtLeader' ? { cmtLeader: scope.jobNumber } : {}),
    ...(scope?.kind === 'purchaseManager' ? { purchaseJobNumber: scope.jobNumber } : {}),
    ...extra,
  });
}

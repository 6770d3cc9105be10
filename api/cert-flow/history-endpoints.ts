import { FLOW_TASKS } from '#domain/contracts/flow-tasks.ts';
import { RFI_READ_KEYS } from '#domain/rfi/questionnaire-contract.ts';
import { historyPage } from '#services/history/history-page.ts';
import { implement } from '../http/endpoint.ts';

/** The change logs of a flow: RFI (relation type 10) and flow (20) (req rfi §7, req flow §7.1). */
export const historyEndpoints = [implement(FLOW_TASKS.history, { permissions: RFI_READ_KEYS, handle: ({ deps, query, locale }) => historyPage(deps.db, query, locale) })];

import { historyPageQuery } from '#domain/cert-flow/history.ts';
import { RFI_READ_KEYS } from '#domain/rfi/questionnaire-contract.ts';
import { historyPage } from '#services/history/history-page.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The change logs of a flow: RFI (relation type 10) and flow (20) (spec 1 §7, spec 2 §7.1). */
export const historyEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/operator-history/onBoard-page',
    summary: 'Change log of a flow (10 RFI, 20 flow)',
    tag: 'certification flow',
    auth: 'staff',
    permissions: RFI_READ_KEYS,
    query: historyPageQuery,
    handle: ({ deps, query, locale }) => historyPage(deps.db, query, locale),
  }),
];

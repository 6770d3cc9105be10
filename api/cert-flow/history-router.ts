import { Router } from 'express';
import { historyPageQuery } from '#domain/cert-flow/history.ts';
import { RFI_READ_KEYS } from '#domain/rfi/questionnaire-contract.ts';
import { historyPage } from '#services/cert-flow/history.ts';
import { requestLocale } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requirePermission } from '../auth/staff-auth.ts';

/** The change logs of a flow: RFI (relation type 10) and flow (20) (spec 1 §7, spec 2 §7.1). */
export function createHistoryRouter(deps: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.get(
    '/v1/operator-history/onBoard-page',
    requirePermission(...RFI_READ_KEYS),
    route(async (req, res) => {
      ok(res, await historyPage(deps.db, parse(historyPageQuery, req.query, req), requestLocale(req)));
    }),
  );
  return router;
}

/** This route for the OpenAPI document. */
export const HISTORY_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/operator-history/onBoard-page', summary: 'Change log of a flow (10 RFI, 20 flow)', tag: 'certification flow', auth: 'staff', query: historyPageQuery },
];

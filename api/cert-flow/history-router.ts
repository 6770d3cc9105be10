import { Router } from 'express';
import { historyPageQuery } from '#domain/cert-flow/history.ts';
import { RFI_READ_KEYS } from '#domain/rfi/questionnaire-contract.ts';
import { historyPage } from '#services/cert-flow/history.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requirePermission } from '../auth/staff-auth.ts';

/** The change logs of a flow: RFI (relation type 10) and flow (20) (spec 1 §7, spec 2 §7.1). */
export function createHistoryRouter(deps: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.get(
    '/v1/operator-history/onBoard-page',
    requirePermission(...RFI_READ_KEYS),
    route(async (req, res) => {
      ok(res, await historyPage(deps.db, parse(historyPageQuery, req.query, req)));
    }),
  );
  return router;
}

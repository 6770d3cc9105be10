import { Router } from 'express';
import {
  areaCityQuery,
  areaProvinceQuery,
  areaSearchCityQuery,
  areaSearchCountryQuery,
  areaSearchProvinceQuery,
} from '#domain/reference-data.ts';
import { listChildren, listCountries, searchAreas } from '#services/common/areas.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { requireAnyUser } from '../auth/supplier-auth.ts';

/** Countries, provinces and cities as {code, name} (spec 1 §7 "Common helpers"); staff and suppliers. */
export function createAreaRouter(deps: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.use(['/common/v1/area-country', '/common/v1/area-province', '/common/v1/area-city', '/v1/area'], requireAnyUser);

  router.get(
    '/common/v1/area-country',
    route(async (req, res) => ok(res, await listCountries(deps.db, requestLocale(req)))),
  );
  router.get(
    '/common/v1/area-province',
    route(async (req, res) => {
      const { countryCode } = parse(areaProvinceQuery, req.query, req);
      ok(res, await listChildren(deps.db, 'province', countryCode, requestLocale(req)));
    }),
  );
  router.get(
    '/common/v1/area-city',
    route(async (req, res) => {
      const { provinceCode } = parse(areaCityQuery, req.query, req);
      ok(res, await listChildren(deps.db, 'city', provinceCode, requestLocale(req)));
    }),
  );

  router.get(
    '/v1/area/search-country',
    route(async (req, res) => {
      const q = parse(areaSearchCountryQuery, req.query, req);
      ok(res, await searchAreas(deps.db, 'country', q, requestLocale(req)));
    }),
  );
  router.get(
    '/v1/area/search-province',
    route(async (req, res) => {
      const q = parse(areaSearchProvinceQuery, req.query, req);
      ok(res, await searchAreas(deps.db, 'province', { ...q, parentCode: q.countryCode }, requestLocale(req)));
    }),
  );
  router.get(
    '/v1/area/search-city',
    route(async (req, res) => {
      const q = parse(areaSearchCityQuery, req.query, req);
      ok(res, await searchAreas(deps.db, 'city', { ...q, parentCode: q.provinceCode }, requestLocale(req)));
    }),
  );
  return router;
}

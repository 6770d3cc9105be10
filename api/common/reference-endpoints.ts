import {
  areaCityQuery,
  areaProvinceQuery,
  areaSearchCityQuery,
  areaSearchCountryQuery,
  areaSearchProvinceQuery,
  categorySmallQuery,
  categorySubQuery,
  dictListQuery,
  scenarioListQuery,
  staffSearchQuery,
} from '#domain/reference-data.ts';
import { listDictionary } from '#services/common/dictionaries.ts';
import { listChildren, listCountries, searchAreas } from '#services/common/areas.ts';
import { listCmts, listLargeCategories, listSubCategories, searchSmallCategories } from '#services/common/categories.ts';
import { listScenarios } from '#services/common/scenarios.ts';
import { searchStaff } from '#services/common/staff-search.ts';
import { defineEndpoint } from '../http/endpoint.ts';

const tag = 'reference';

/**
 * Reference data of the forms. Dictionaries and areas serve staff and suppliers alike (suppliers fill
 * such fields too, spec 1 §3, §7); categories, CMTs, scenarios and staff are for staff only.
 */
export const referenceEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/dict/v1/list',
    summary: 'Dictionary entries of a type',
    tag,
    auth: 'any',
    query: dictListQuery,
    handle: ({ deps, query, locale }) => listDictionary(deps.db, query.dictType, locale),
  }),

  // Countries, provinces and cities as {code, name} (spec 1 §7 "Common helpers").
  defineEndpoint({ method: 'get', path: '/common/v1/area-country', summary: 'Countries and regions', tag, auth: 'any', handle: ({ deps, locale }) => listCountries(deps.db, locale) }),
  defineEndpoint({
    method: 'get',
    path: '/common/v1/area-province',
    summary: 'Provinces of a country',
    tag,
    auth: 'any',
    query: areaProvinceQuery,
    handle: ({ deps, query, locale }) => listChildren(deps.db, 'province', query.countryCode, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/common/v1/area-city',
    summary: 'Cities of a province',
    tag,
    auth: 'any',
    query: areaCityQuery,
    handle: ({ deps, query, locale }) => listChildren(deps.db, 'city', query.provinceCode, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/area/search-country',
    summary: 'Search countries',
    tag,
    auth: 'any',
    query: areaSearchCountryQuery,
    handle: ({ deps, query, locale }) => searchAreas(deps.db, 'country', query, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/area/search-province',
    summary: 'Search provinces',
    tag,
    auth: 'any',
    query: areaSearchProvinceQuery,
    handle: ({ deps, query, locale }) => searchAreas(deps.db, 'province', { ...query, parentCode: query.countryCode }, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/area/search-city',
    summary: 'Search cities',
    tag,
    auth: 'any',
    query: areaSearchCityQuery,
    handle: ({ deps, query, locale }) => searchAreas(deps.db, 'city', { ...query, parentCode: query.provinceCode }, locale),
  }),

  // The category tree and CMTs for the apply drawer's cascader (spec 2 §7.1, spec 3 §7.7).
  defineEndpoint({ method: 'get', path: '/v1/cmt/category-large/all', summary: 'Large categories', tag, auth: 'staff', handle: ({ deps, locale }) => listLargeCategories(deps.db, locale) }),
  defineEndpoint({
    method: 'get',
    path: '/v1/cmt/category-sub/search',
    summary: 'Children of a category',
    tag,
    auth: 'staff',
    query: categorySubQuery,
    handle: ({ deps, query, locale }) => listSubCategories(deps.db, query.categoryCode, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/cmt/category-small/search',
    summary: 'Search small categories',
    tag,
    auth: 'staff',
    query: categorySmallQuery,
    handle: ({ deps, query, locale }) => searchSmallCategories(deps.db, query.search, locale),
  }),
  defineEndpoint({ method: 'get', path: '/v1/cmt/all', summary: 'CMTs with their leaders', tag, auth: 'staff', handle: ({ deps, locale }) => listCmts(deps.db, locale) }),

  // Certification scenarios for the apply drawer, by apply type.
  defineEndpoint({
    method: 'get',
    path: '/v1/scenario/list',
    summary: 'Certification scenarios',
    tag,
    auth: 'staff',
    query: scenarioListQuery,
    handle: ({ deps, query, locale }) => listScenarios(deps.db, query.applyType, locale),
  }),

  // Pickers of recommenders, owners and experts (spec 1 §7).
  defineEndpoint({
    method: 'get',
    path: '/dsc-staff/v1/search',
    summary: 'Staff by name, job number or e-mail; a role’s holders first (listed alone without a keyword)',
    tag: 'identity',
    auth: 'staff',
    query: staffSearchQuery,
    handle: ({ deps, query }) => searchStaff(deps.db, query),
  }),
];

import { REFERENCE } from '#domain/contracts/reference.ts';
import { listDictionary } from '#services/common/dictionaries.ts';
import { listChildren, listCountries, searchAreas } from '#services/common/areas.ts';
import { listCmts, listLargeCategories, listSubCategories, searchSmallCategories } from '#services/common/categories.ts';
import { listScenarios } from '#services/common/scenarios.ts';
import { searchStaff } from '#services/common/staff-search.ts';
import { implement } from '../http/endpoint.ts';

/** Reference data of the forms (domain/contracts/reference.ts), in the caller's language. */
export const referenceEndpoints = [
  implement(REFERENCE.dict, { handle: ({ deps, query, locale }) => listDictionary(deps.db, query.dictType, locale) }),
  implement(REFERENCE.countries, { handle: ({ deps, locale }) => listCountries(deps.db, locale) }),
  implement(REFERENCE.provinces, { handle: ({ deps, query, locale }) => listChildren(deps.db, 'province', query.countryCode, locale) }),
  implement(REFERENCE.cities, { handle: ({ deps, query, locale }) => listChildren(deps.db, 'city', query.provinceCode, locale) }),
  implement(REFERENCE.searchCountries, { handle: ({ deps, query, locale }) => searchAreas(deps.db, 'country', query, locale) }),
  implement(REFERENCE.searchProvinces, {
    handle: ({ deps, query, locale }) => searchAreas(deps.db, 'province', { ...query, parentCode: query.countryCode }, locale),
  }),
  implement(REFERENCE.searchCities, { handle: ({ deps, query, locale }) => searchAreas(deps.db, 'city', { ...query, parentCode: query.provinceCode }, locale) }),
  implement(REFERENCE.largeCategories, { handle: ({ deps, locale }) => listLargeCategories(deps.db, locale) }),
  implement(REFERENCE.subCategories, { handle: ({ deps, query, locale }) => listSubCategories(deps.db, query.categoryCode, locale) }),
  implement(REFERENCE.smallCategories, { handle: ({ deps, query, locale }) => searchSmallCategories(deps.db, query.search, locale) }),
  implement(REFERENCE.cmts, { handle: ({ deps, locale }) => listCmts(deps.db, locale) }),
  implement(REFERENCE.scenarios, { handle: ({ deps, query, locale }) => listScenarios(deps.db, query.applyType, locale) }),
  implement(REFERENCE.staff, { handle: ({ deps, query }) => searchStaff(deps.db, query) }),
];

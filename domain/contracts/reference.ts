import { z } from 'zod';
import {
  areaCityQuery,
  areaOption,
  areaProvinceQuery,
  areaSearchCityQuery,
  areaSearchCountryQuery,
  areaSearchProvinceQuery,
  categoryOption,
  categorySmallQuery,
  categorySubQuery,
  cmtOption,
  dictItem,
  dictListQuery,
  scenarioListQuery,
  scenarioOption,
  staffOption,
  staffSearchQuery,
} from '../reference-data.ts';
import { gpsLocation, gpsLocationQuery } from '../supplier-change/requests.ts';
import { contract } from './contract.ts';

/**
 * Reference data of the forms (req rfi §7 "Common helpers", req flow §7.1, req shell §7.7). Dictionaries and areas serve
 * staff and suppliers alike (suppliers fill such fields too); categories, CMTs, scenarios and staff are for staff.
 */
const tag = 'reference';
const areas = z.array(areaOption);
const categories = z.array(categoryOption);

export const REFERENCE = {
  dict: contract({ method: 'get', path: '/dict/v1/list', summary: 'Dictionary entries of a type', tag, auth: 'any', query: dictListQuery, response: z.array(dictItem) }),
  countries: contract({ method: 'get', path: '/common/v1/area-country', summary: 'Countries and regions', tag, auth: 'any', response: areas }),
  provinces: contract({ method: 'get', path: '/common/v1/area-province', summary: 'Provinces of a country', tag, auth: 'any', query: areaProvinceQuery, response: areas }),
  cities: contract({ method: 'get', path: '/common/v1/area-city', summary: 'Cities of a province', tag, auth: 'any', query: areaCityQuery, response: areas }),
  searchCountries: contract({ method: 'get', path: '/v1/area/search-country', summary: 'Search countries', tag, auth: 'any', query: areaSearchCountryQuery, response: areas }),
  searchProvinces: contract({ method: 'get', path: '/v1/area/search-province', summary: 'Search provinces', tag, auth: 'any', query: areaSearchProvinceQuery, response: areas }),
  searchCities: contract({ method: 'get', path: '/v1/area/search-city', summary: 'Search cities', tag, auth: 'any', query: areaSearchCityQuery, response: areas }),
  largeCategories: contract({ method: 'get', path: '/v1/cmt/category-large/all', summary: 'Large categories', tag, auth: 'staff', response: categories }),
  subCategories: contract({ method: 'get', path: '/v1/cmt/category-sub/search', summary: 'Children of a category', tag, auth: 'staff', query: categorySubQuery, response: categories }),
  smallCategories: contract({
    method: 'get',
    path: '/v1/cmt/category-small/search',
    summary: 'Search small categories',
    tag,
    auth: 'staff',
    query: categorySmallQuery,
    response: categories,
  }),
  cmts: contract({ method: 'get', path: '/v1/cmt/all', summary: 'CMTs with their leaders', tag, auth: 'staff', response: z.array(cmtOption) }),
  scenarios: contract({ method: 'get', path: '/v1/scenario/list', summary: 'Certification scenarios', tag, auth: 'staff', query: scenarioListQuery, response: z.array(scenarioOption) }),
  staff: contract({
    method: 'get',
    path: '/dsc-staff/v1/search',
    summary: 'Staff by name, job number or e-mail; a role’s holders first (listed alone without a keyword)',
    tag: 'identity',
    auth: 'staff',
    query: staffSearchQuery,
    response: z.array(staffOption),
  }),
  gpsLocation: contract({
    method: 'get',
    path: '/common/v1/gps/location',
    summary: 'Coordinates of an address (the factory address picker; seeded areas, city or province precision)',
    tag,
    auth: 'any',
    query: gpsLocationQuery,
    response: gpsLocation,
  }),
};

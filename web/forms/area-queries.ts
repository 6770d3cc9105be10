import { queryOptions } from '@tanstack/react-query';
import type { AreaOption } from '#domain/reference-data.ts';
import { REFERENCE } from '#domain/contracts/reference.ts';
import { call } from '#web/api/call.ts';
import type { CallerAuth } from './caller.tsx';

/** Countries, provinces and cities (REFERENCE.countries, provinces, cities), in the caller's language. */
export type { AreaOption };

const DAY = 24 * 60 * 60_000;

const areaKeys = {
  all: ['area'] as const,
  countries: (locale: string) => [...areaKeys.all, 'country', locale] as const,
  provinces: (countryCode: string, locale: string) => [...areaKeys.all, 'province', countryCode, locale] as const,
  cities: (provinceCode: string, locale: string) => [...areaKeys.all, 'city', provinceCode, locale] as const,
};

export const countriesQuery = (locale: string, auth: CallerAuth) =>
  queryOptions({
    queryKey: areaKeys.countries(locale),
    queryFn: ({ signal }) => call(REFERENCE.countries, {}, { signal, ...auth }),
    staleTime: DAY,
  });

export const provincesQuery = (countryCode: string, locale: string, auth: CallerAuth) =>
  queryOptions({
    queryKey: areaKeys.provinces(countryCode, locale),
    queryFn: ({ signal }) => call(REFERENCE.provinces, { query: { countryCode } }, { signal, ...auth }),
    staleTime: DAY,
    enabled: Boolean(countryCode),
  });

export const citiesQuery = (provinceCode: string, locale: string, auth: CallerAuth) =>
  queryOptions({
    queryKey: areaKeys.cities(provinceCode, locale),
    queryFn: ({ signal }) => call(REFERENCE.cities, { query: { provinceCode } }, { signal, ...auth }),
    staleTime: DAY,
    enabled: Boolean(provinceCode),
  });

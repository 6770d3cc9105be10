import { queryOptions } from '@tanstack/react-query';
import type { AreaOption } from '#domain/reference-data.ts';
import { get } from '#web/api/client.ts';
import type { CallerAuth } from './caller.tsx';

/** Countries, provinces and cities (GET /common/v1/area-*), in the caller's language. */
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
    queryFn: ({ signal }) => get<AreaOption[]>('/common/v1/area-country', undefined, { signal, ...auth }),
    staleTime: DAY,
  });

export const provincesQuery = (countryCode: string, locale: string, auth: CallerAuth) =>
  queryOptions({
    queryKey: areaKeys.provinces(countryCode, locale),
    queryFn: ({ signal }) => get<AreaOption[]>('/common/v1/area-province', { countryCode }, { signal, ...auth }),
    staleTime: DAY,
    enabled: Boolean(countryCode),
  });

export const citiesQuery = (provinceCode: string, locale: string, auth: CallerAuth) =>
  queryOptions({
    queryKey: areaKeys.cities(provinceCode, locale),
    queryFn: ({ signal }) => get<AreaOption[]>('/common/v1/area-city', { provinceCode }, { signal, ...auth }),
    staleTime: DAY,
    enabled: Boolean(provinceCode),
  });

import { queryOptions } from '@tanstack/react-query';
import type { AreaOption } from '#domain/reference-data.ts';
import { get } from '#web/api/client.ts';

/** Countries, provinces and cities (GET /common/v1/area-*), in the caller's language. */
export type { AreaOption };

const DAY = 24 * 60 * 60_000;

const areaKeys = {
  all: ['area'] as const,
  countries: (locale: string) => [...areaKeys.all, 'country', locale] as const,
  provinces: (countryCode: string, locale: string) => [...areaKeys.all, 'province', countryCode, locale] as const,
  cities: (provinceCode: string, locale: string) => [...areaKeys.all, 'city', provinceCode, locale] as const,
};

export const countriesQuery = (locale: string, supplier: boolean) =>
  queryOptions({
    queryKey: areaKeys.countries(locale),
    queryFn: ({ signal }) => get<AreaOption[]>('/common/v1/area-country', undefined, { signal, supplier }),
    staleTime: DAY,
  });

export const provincesQuery = (countryCode: string, locale: string, supplier: boolean) =>
  queryOptions({
    queryKey: areaKeys.provinces(countryCode, locale),
    queryFn: ({ signal }) => get<AreaOption[]>('/common/v1/area-province', { countryCode }, { signal, supplier }),
    staleTime: DAY,
    enabled: Boolean(countryCode),
  });

export const citiesQuery = (provinceCode: string, locale: string, supplier: boolean) =>
  queryOptions({
    queryKey: areaKeys.cities(provinceCode, locale),
    queryFn: ({ signal }) => get<AreaOption[]>('/common/v1/area-city', { provinceCode }, { signal, supplier }),
    staleTime: DAY,
    enabled: Boolean(provinceCode),
  });

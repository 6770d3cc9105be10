import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, Input, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { citiesQuery, countriesQuery, provincesQuery } from './area-queries.ts';
import { useFormCaller } from './caller.tsx';

/** An address as the section schemas hold it (domain/rfi/sections/address.ts): codes, names, city text. */
export interface AreaValue {
  countryCode?: string | null;
  countryName?: string | null;
  provinceCode?: string | null;
  provinceName?: string | null;
  city?: string | null;
  address?: string | null;
}

export type AreaPart = 'country' | 'province' | 'city' | 'address';

/**
 * Country → province → city cascade (GET /common/v1/area-country|province|city), plus the detailed
 * address when `withAddress`. A new country clears province and city, a new province clears the city.
 * Provinces exist in the area tables for China only; elsewhere the province select is hidden. The
 * city is text (req rfi §5 '请填写市'), suggested from the province's cities where there are some.
 * Bind it with `useAreaField(form)` (bindings.ts).
 */
export interface AreaPickerProps {
  value: AreaValue;
  /** The whole new address; the cascade's clearing is already applied. */
  onChange: (next: AreaValue, part: AreaPart) => void;
  /** Errors by part (rule message ids or text). */
  errors?: Partial<Record<AreaPart, ReactNode>>;
  label?: ReactNode;
  withAsterisk?: boolean;
  withAddress?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  /** Keeps the country fixed (e.g. CN for a mainland company). */
  lockCountry?: boolean;
}

export function AreaPicker({ value, onChange, errors = {}, label, withAsterisk, withAddress, readOnly, disabled, lockCountry }: AreaPickerProps) {
  const { t, i18n } = useLingui();
  const tr = useRuleMessage();
  const { auth } = useFormCaller();
  const country = value.countryCode ?? '';
  const province = value.provinceCode ?? '';
  const countries = useQuery(countriesQuery(i18n.locale, auth));
  const provinces = useQuery(provincesQuery(country, i18n.locale, auth));
  const cities = useQuery(citiesQuery(province, i18n.locale, auth));
  const hasProvinces = Boolean(province) || (provinces.data?.length ?? 0) > 0;
  const common = { readOnly, disabled };

  const countryData = (countries.data ?? []).map((o) => ({ value: o.code, label: o.name }));
  if (country && !countryData.some((o) => o.value === country)) countryData.push({ value: country, label: value.countryName || country });
  const provinceData = (provinces.data ?? []).map((o) => ({ value: o.code, label: o.name }));
  if (province && !provinceData.some((o) => o.value === province)) provinceData.push({ value: province, label: value.provinceName || province });

  const fields = (
    <>
      <SimpleGrid cols={{ base: 1, sm: hasProvinces ? 3 : 2 }} spacing="xs">
        <Select
          aria-label={t`国家/地区`}
          placeholder={t`国家/地区`}
          searchable
          data={countryData}
          value={country || null}
          onChange={(code) =>
            onChange(
              { ...value, countryCode: code, countryName: countries.data?.find((o) => o.code === code)?.name ?? null, provinceCode: null, provinceName: null, city: '' },
              'country',
            )
          }
          error={tr(errors.country)}
          {...common}
          readOnly={readOnly || lockCountry}
        />
        {hasProvinces && (
          <Select
            aria-label={t`省`}
            placeholder={t`省`}
            searchable
            data={provinceData}
            value={province || null}
            onChange={(code) =>
              onChange({ ...value, provinceCode: code, provinceName: provinces.data?.find((o) => o.code === code)?.name ?? null, city: '' }, 'province')
            }
            error={tr(errors.province)}
            {...common}
          />
        )}
        <Autocomplete
          aria-label={t`市`}
          placeholder={t`市`}
          data={[...new Set((cities.data ?? []).map((o) => o.name))]}
          value={value.city ?? ''}
          onChange={(city) => onChange({ ...value, city }, 'city')}
          error={tr(errors.city)}
          {...common}
        />
      </SimpleGrid>
      {withAddress && (
        <TextInput
          mt="xs"
          aria-label={t`详细地址`}
          placeholder={t`详细地址`}
          value={value.address ?? ''}
          onChange={(e) => onChange({ ...value, address: e.currentTarget.value }, 'address')}
          error={tr(errors.address)}
          {...common}
        />
      )}
    </>
  );

  if (!label) return fields;
  return (
    <Input.Wrapper label={label} withAsterisk={withAsterisk}>
      {fields}
    </Input.Wrapper>
  );
}

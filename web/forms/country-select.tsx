import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { countriesQuery } from './area-queries.ts';
import { useFormCaller, useFormReadOnly } from './caller.tsx';

/**
 * A country or region of the area tables by code (partnerCountry, a big customer's region).
 * Bind it with `{...field('partnerCountry')}`.
 */
export interface CountrySelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'error'> {
  value?: string | null;
  onChange?: (code: string | null) => void;
  error?: ReactNode;
  /** Codes left out (e.g. CN, HK, MO, TW for a foreign partner). */
  exclude?: readonly string[];
}

export function CountrySelect({ value, onChange, error, exclude = [], ...rest }: CountrySelectProps) {
  const { i18n } = useLingui();
  const tr = useRuleMessage();
  const { auth } = useFormCaller();
  const formReadOnly = useFormReadOnly();
  const countries = useQuery(countriesQuery(i18n.locale, auth));
  const data = (countries.data ?? []).filter((c) => !exclude.includes(c.code)).map((c) => ({ value: c.code, label: c.name }));
  if (value && !countries.isLoading && !data.some((d) => d.value === value)) data.push({ value, label: value });
  return <Select searchable clearable={!rest.withAsterisk && !formReadOnly && !rest.readOnly} {...rest} data={data} value={value || null} onChange={(v) => onChange?.(v)} error={tr(error)} />;
}

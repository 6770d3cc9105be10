import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { codeSearchQuery, type CodeLookup } from '#web/api/release.ts';

/**
 * Codes chosen from a server search by name (company codes, purchasing organisations): the options
 * follow what is typed; chosen codes the search no longer returns still show, by their code.
 */
export function CodeMultiSelect({
  lookup,
  value,
  companyCodes,
  ...rest
}: Omit<MultiSelectProps, 'data' | 'searchValue' | 'onSearchChange'> & { lookup: CodeLookup; companyCodes?: readonly string[] }) {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState('');
  const [keyword] = useDebouncedValue(typed.trim(), 300);
  const options = useQuery({ ...codeSearchQuery(lookup, keyword, i18n.locale, companyCodes), placeholderData: (previous) => previous });
  // The unfiltered list names the chosen codes while what is typed narrows the options.
  const all = useQuery(codeSearchQuery(lookup, '', i18n.locale, companyCodes));
  const chosen = value ?? [];
  const label = (o: { code: string; name: string }) => ({ value: o.code, label: `${o.code} ${o.name}` });
  const data = (options.data ?? []).map(label);
  for (const code of chosen) {
    if (data.some((d) => d.value === code)) continue;
    const known = all.data?.find((o) => o.code === code);
    data.push(known ? label(known) : { value: code, label: code });
  }
  return (
    <MultiSelect
      searchable
      // The server filters by what is typed; Mantine need not filter again.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? '…' : t`无匹配数据`}
      {...rest}
      value={chosen}
      data={data}
      searchValue={typed}
      onSearchChange={setTyped}
    />
  );
}

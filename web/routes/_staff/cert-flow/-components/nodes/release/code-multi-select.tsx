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
  ...rest
}: Omit<MultiSelectProps, 'data' | 'searchValue' | 'onSearchChange'> & { lookup: CodeLookup }) {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState('');
  const [keyword] = useDebouncedValue(typed.trim(), 300);
  const options = useQuery(codeSearchQuery(lookup, keyword, i18n.locale));
  const chosen = value ?? [];
  const data = (options.data ?? []).map((o) => ({ value: o.code, label: `${o.code} ${o.name}` }));
  for (const code of chosen) if (!data.some((d) => d.value === code)) data.push({ value: code, label: code });
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

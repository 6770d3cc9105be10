import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { t } from '@lingui/core/macro';
import { Select } from '@mantine/core';
import { staffSearchQuery, type StaffOption } from '#web/api/reference.ts';

/** A staff member chosen by searching name or job number (search debounce 500 ms, spec 1 §9); in a table cell, an aria-label instead of a label. */
export function StaffSelect(props: {
  label?: React.ReactNode;
  'aria-label'?: string;
  value: StaffOption | null;
  onChange: (value: StaffOption | null) => void;
  error?: React.ReactNode;
  withAsterisk?: boolean;
  readOnly?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 500);
  const found = useQuery(staffSearchQuery(keyword));
  const options = [...(props.value ? [props.value] : []), ...(found.data ?? []).filter((s) => s.jobNumber !== props.value?.jobNumber)];
  return (
    <Select
      label={props.label}
      aria-label={props['aria-label']}
      withAsterisk={props.withAsterisk}
      readOnly={props.readOnly}
      placeholder={t`输入姓名或工号搜索`}
      searchable={!props.readOnly}
      clearable={!props.readOnly}
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((s) => ({ value: s.jobNumber, label: `${s.name} (${s.jobNumber})` }))}
      value={props.value?.jobNumber ?? null}
      onChange={(jobNumber) => props.onChange(options.find((s) => s.jobNumber === jobNumber) ?? null)}
      nothingFoundMessage={keyword ? t`无匹配人员` : t`请输入关键字`}
      error={props.error}
    />
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { t } from '@lingui/core/macro';
import { MultiSelect, Select, type OptionsFilter } from '@mantine/core';
import type { StaffPickerRole } from '#domain/reference-data.ts';
import { staffSearchQuery, type StaffOption } from '#web/api/reference.ts';

const serverFiltered: OptionsFilter = ({ options }) => options;

/**
 * A staff member chosen by searching name, job number or e-mail (search debounce 500 ms, req rfi §9); in a table
 * cell, an aria-label instead of a label. With a role, its holders are offered before anything is typed.
 */
export function StaffSelect(props: {
  label?: React.ReactNode;
  role?: StaffPickerRole;
  'aria-label'?: string;
  value: StaffOption | null;
  onChange: (value: StaffOption | null) => void;
  error?: React.ReactNode;
  withAsterisk?: boolean;
  readOnly?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 500);
  const found = useQuery(staffSearchQuery(keyword, props.role));
  const options = [...(props.value ? [props.value] : []), ...(found.data ?? []).filter((s) => s.jobNumber !== props.value?.jobNumber)];
  return (
    <Select
      label={props.label}
      aria-label={props['aria-label']}
      withAsterisk={props.withAsterisk}
      readOnly={props.readOnly}
      placeholder={t`输入姓名、工号或邮箱搜索`}
      searchable={!props.readOnly}
      clearable={!props.readOnly}
      searchValue={search}
      onSearchChange={setSearch}
      // The server found them (by e-mail too, which the label does not show): no second filter here.
      filter={serverFiltered}
      data={options.map((s) => ({ value: s.jobNumber, label: `${s.name} (${s.jobNumber})` }))}
      value={props.value?.jobNumber ?? null}
      onChange={(jobNumber) => props.onChange(options.find((s) => s.jobNumber === jobNumber) ?? null)}
      nothingFoundMessage={keyword || props.role ? t`无匹配人员` : t`请输入关键字`}
      error={props.error}
    />
  );
}

/** Several staff members, each found as StaffSelect finds one; chosen ones stay listed while another is searched. */
export function StaffMultiSelect(props: {
  label: React.ReactNode;
  value: readonly StaffOption[];
  onChange: (value: StaffOption[]) => void;
  error?: React.ReactNode;
  withAsterisk?: boolean;
  readOnly?: boolean;
  'data-testid'?: string;
}) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 500);
  const found = useQuery(staffSearchQuery(keyword));
  const options = [...props.value, ...(found.data ?? []).filter((s) => !props.value.some((v) => v.jobNumber === s.jobNumber))];
  return (
    <MultiSelect
      label={props.label}
      withAsterisk={props.withAsterisk}
      readOnly={props.readOnly}
      placeholder={props.value.length ? undefined : t`输入姓名、工号或邮箱搜索`}
      searchable={!props.readOnly}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      data={options.map((s) => ({ value: s.jobNumber, label: `${s.name} (${s.jobNumber})` }))}
      value={props.value.map((s) => s.jobNumber)}
      onChange={(jobNumbers) => props.onChange(jobNumbers.flatMap((j) => options.find((s) => s.jobNumber === j) ?? []))}
      nothingFoundMessage={keyword ? t`无匹配人员` : t`请输入关键字`}
      error={props.error}
      data-testid={props['data-testid']}
    />
  );
}

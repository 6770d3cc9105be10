import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Select } from '@mantine/core';
import { cmtSearchQuery } from '#web/api/assessment.ts';

/** Picks a CMT member by name or job number (GET /v1/cmt/v1/cmt/search, debounced 500 ms as every search, req performance §9). */
export function StaffPicker({ label, value, onChange, testId }: { label: string; value: string | null; onChange: (jobNumber: string | null) => void; testId?: string }) {
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword, 500);
  const found = useQuery(cmtSearchQuery(debounced));
  const data = (found.data ?? []).map((s) => ({ value: s.jobNumber, label: `${s.name} (${s.jobNumber})${s.departmentName ? ` · ${s.departmentName}` : ''}` }));
  return (
    <Select
      label={label}
      searchable
      clearable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={keyword}
      onSearchChange={setKeyword}
      filter={({ options }) => options}
      nothingFoundMessage="-"
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

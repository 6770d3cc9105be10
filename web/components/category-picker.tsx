import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { t } from '@lingui/core/macro';
import { Group, MultiSelect, Select, Stack } from '@mantine/core';
import { largeCategoriesQuery, subCategoriesQuery, type CategoryOption } from '#web/api/reference.ts';

export interface PickedCategory {
  code: string;
  name: string;
  cmtCode?: string | null;
}

/**
 * The 3-level category cascader (req flow §2.2): large → middle → small; only small categories are
 * picked, across several middles. Disabled categories (status 20) and those in `accessed` cannot be chosen.
 */
export function CategoryPicker(props: {
  value: PickedCategory[];
  onChange: (value: PickedCategory[]) => void;
  accessed?: readonly string[];
  error?: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const [large, setLarge] = useState<string | null>(null);
  const [middle, setMiddle] = useState<string | null>(null);
  const larges = useQuery(largeCategoriesQuery(i18n.locale));
  const middles = useQuery(subCategoriesQuery(large ?? '', i18n.locale));
  const smalls = useQuery(subCategoriesQuery(middle ?? '', i18n.locale));

  const toData = (list: CategoryOption[] | undefined) =>
    (list ?? []).map((c) => ({
      value: c.categoryCode,
      label: c.categoryLifeCycle === 2 ? `${c.categoryName} (${t`淘汰`})` : c.categoryName,
      disabled: c.categoryStatus === 20 || props.accessed?.includes(c.categoryCode),
    }));

  // Small categories of other middles stay picked while this middle's are edited.
  const here = new Set((smalls.data ?? []).map((c) => c.categoryCode));
  const elsewhere = props.value.filter((v) => !here.has(v.code));

  return (
    <Stack gap={6}>
      <Group grow gap="xs">
        <Select
          aria-label={t`大类`}
          placeholder={t`大类`}
          data={toData(larges.data)}
          value={large}
          onChange={(v) => {
            setLarge(v);
            setMiddle(null);
          }}
          searchable
        />
        <Select aria-label={t`中类`} placeholder={t`中类`} data={toData(middles.data)} value={middle} onChange={setMiddle} disabled={!large} searchable />
      </Group>
      <MultiSelect
        aria-label={t`小类`}
        placeholder={props.value.length ? undefined : t`小类`}
        data={[
          ...toData(smalls.data),
          ...elsewhere.map((v) => ({ value: v.code, label: v.name })),
        ]}
        value={props.value.map((v) => v.code)}
        onChange={(codes) => {
          const known = new Map<string, PickedCategory>(props.value.map((v) => [v.code, v]));
          for (const c of smalls.data ?? []) known.set(c.categoryCode, { code: c.categoryCode, name: c.categoryName, cmtCode: c.cmtCode });
          props.onChange(codes.map((code) => known.get(code)!).filter(Boolean));
        }}
        error={props.error}
        searchable
        clearable
      />
    </Stack>
  );
}

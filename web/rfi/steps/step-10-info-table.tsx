import { useEffect } from 'react';
import { Text, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { RowTable, useDictionary } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '../step-types.ts';
import { INFO_DICTS, type InfoEntry, type InfoListKey, infoRowsMatch, mergeInfoRows } from './step-10-rows.ts';
import { lengthProps } from './step-limits.ts';

const len = lengthProps('securityDelivery');

/**
 * Security or delivery items (req rfi §3, §5): one fixed row per entry of rfi_security_info or
 * rfi_deliver_info, showing the item and its description; the remark (up to 100) is optional.
 */
export function InfoTable({ form, list, readOnly }: { form: StepForm<'securityDelivery'>; list: InfoListKey; readOnly: boolean }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const dict = useDictionary(INFO_DICTS[list]);
  // GET /dict/v1/list gives each entry's description in `extra.desc`.
  const entries = dict.data as InfoEntry[] | undefined;

  useEffect(() => {
    if (!entries?.length) return;
    const current = form.getValues()[list];
    if (!infoRowsMatch(entries, current)) form.setFieldValue(list, mergeInfoRows(entries, current));
    // The form lives as long as the step; the rows follow the dictionary (and its language) once loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entries, list]);

  const rows = form.getValues()[list] ?? [];
  return (
    <RowTable
      form={form}
      path={list}
      readOnly={readOnly}
      numbered
      minWidth={720}
      aria-label={list === 'securityInfoList' ? t`信息安全` : t`交付与物流`}
      empty={dict.isLoading ? t`加载中…` : undefined}
      columns={[
        {
          key: 'name',
          title: t`项目`,
          width: 220,
          render: (index) => (
            <Text size="sm" fw={500} mt={6}>
              {rows[index]?.name || rows[index]?.code}
            </Text>
          ),
        },
        {
          key: 'desc',
          title: t`说明`,
          render: (index) => (
            <Text size="sm" c="dimmed" mt={6}>
              {rows[index]?.desc}
            </Text>
          ),
        },
        {
          key: 'remark',
          title: t`备注`,
          width: 320,
          render: (_, path) => <TextInput aria-label={t`备注`} placeholder={t`请输入`} {...len(`${path}.remark`)} {...field(`${path}.remark`)} readOnly={readOnly} />,
        },
      ]}
    />
  );
}

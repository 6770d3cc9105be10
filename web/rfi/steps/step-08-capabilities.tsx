import { useEffect } from 'react';
import { Text, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { RowTable, useDictionary, YesNo } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '../step-types.ts';
import { CAPABILITY_DICTS, capabilitiesMatch, type CapabilityListKey, mergeCapabilities } from './step-08-rows.ts';
import { lengthProps } from './step-limits.ts';

const len = lengthProps('otherCapability');

/**
 * Mold or IT capabilities (req rfi §3, §5): one fixed row per entry of mold_ability or it_ability, each
 * with a required yes/no and an optional remark.
 */
export function CapabilityTable({ form, list, readOnly }: { form: StepForm<'otherCapability'>; list: CapabilityListKey; readOnly: boolean }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const dict = useDictionary(CAPABILITY_DICTS[list]);
  const codes = dict.data?.map((e) => e.dictKey);

  useEffect(() => {
    if (!codes?.length) return;
    const current = form.getValues()[list];
    if (!capabilitiesMatch(codes, current)) form.setFieldValue(list, mergeCapabilities(codes, current));
    // The form lives as long as the step; the rows follow the dictionary once it is loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [codes?.join('|'), list]);

  const title = list === 'moldCapableList' ? t`模具能力` : t`IT能力`;
  const item = t`能力项`;
  return (
    <RowTable
      form={form}
      path={list}
      readOnly={readOnly}
      aria-label={title}
      empty={dict.isLoading ? t`加载中…` : undefined}
      columns={[
        {
          key: 'capableCode',
          title: item,
          width: 260,
          render: (index) => (
            <Text size="sm" mt={6}>
              {dict.label(form.getValues()[list]?.[index]?.capableCode)}
            </Text>
          ),
        },
        {
          key: 'have',
          title: t`是否具备`,
          required: true,
          width: 150,
          render: (index, path) => <YesNo aria-label={`${title} ${index + 1}`} {...field(`${path}.have`)} readOnly={readOnly} />,
        },
        {
          key: 'remark',
          title: t`备注`,
          render: (_, path) => <TextInput aria-label={t`备注`} {...len(`${path}.remark`)} {...field(`${path}.remark`)} readOnly={readOnly} />,
        },
      ]}
    />
  );
}

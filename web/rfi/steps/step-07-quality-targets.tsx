import { Fieldset, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { defineStep, type StepFormProps } from '../step-types.ts';
import { IptvTable } from './step-07-iptv-table.tsx';
import { prepareQualityTargets, TARGET_ROWS } from './step-07-rows.ts';
import { TargetTable } from './step-07-target-table.tsx';

/**
 * Step 7, key quality targets (req rfi §3, §5): 0 km PPM (required), market PPM (optional) and IPTV
 * (required, in groups of three). Numbers from 0 to 99999999 with up to 4 decimals.
 */
export function QualityTargetsForm({ form, readOnly }: StepFormProps<'qualityTargets'>) {
  const { t } = useLingui();
  return (
    <Stack gap="xl">
      <Fieldset legend={t`0公里PPM`}>
        <TargetTable form={form} list="zeroKmPpmList" required readOnly={readOnly} />
      </Fieldset>
      <Fieldset legend={t`市场PPM`}>
        {!readOnly && (
          <Text size="sm" c="dimmed" mb="xs">
            {t`选填；最多${TARGET_ROWS.max}行。`}
          </Text>
        )}
        <TargetTable form={form} list="marketPpmList" required={false} readOnly={readOnly} />
      </Fieldset>
      <Fieldset legend={t`IPTV（千台故障数）`}>
        {!readOnly && (
          <Text size="sm" c="dimmed" mb="xs">
            {t`按3MIS、6MIS、9MIS三行一组填写；三包（质保）年限和里程每组填写一次。`}
          </Text>
        )}
        <IptvTable form={form} readOnly={readOnly} />
      </Fieldset>
    </Stack>
  );
}

export const qualityTargetsStep = defineStep({ key: 'qualityTargets', Form: QualityTargetsForm, initialValues: prepareQualityTargets });

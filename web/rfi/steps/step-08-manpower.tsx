import { SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { HEAD_COUNT_MAX } from '#domain/rfi/sections/index.ts';
import { NumberField } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '../step-types.ts';
import { MANPOWER_FIELDS } from './step-08-rows.ts';
import { lengthProps } from './step-limits.ts';

const len = lengthProps('otherCapability');

/** The manpower row (req rfi §3, §5): seven required whole numbers and a remark of up to 200 characters. */
export function ManpowerFields({ form, readOnly }: { form: StepForm<'otherCapability'>; readOnly: boolean }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const labels: Record<(typeof MANPOWER_FIELDS)[number], string> = {
    directNumber: t`直接人员`,
    indirectNumber: t`间接人员`,
    qualityAssuranceNumber: t`质量保证人员`,
    qualityControlNumber: t`质量控制人员`,
    manufactureNumber: t`生产制造人员`,
    developNumber: t`研发人员`,
    projectNumber: t`项目管理人员`,
  };
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        {MANPOWER_FIELDS.map((name) => (
          <NumberField key={name} label={labels[name]} withAsterisk min={0} max={HEAD_COUNT_MAX} {...field(`manpowerList.0.${name}`)} readOnly={readOnly} />
        ))}
      </SimpleGrid>
      <Textarea label={t`人力资源备注`} autosize minRows={2} {...len('manpowerRemark')} {...field('manpowerRemark')} readOnly={readOnly} />
    </Stack>
  );
}

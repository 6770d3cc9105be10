import { Fieldset, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { defineStep, type StepFormProps } from '../step-types.ts';
import { DevelopBlock } from './step-09-block.tsx';
import { prepareDevelopment } from './step-09-rows.ts';

/** Step 9, product development capability (req rfi §3, §5): the structure and the electronics blocks. */
export function DevelopmentForm({ form, readOnly }: StepFormProps<'development'>) {
  const { t } = useLingui();
  return (
    <Stack gap="xl">
      <Fieldset legend={t`结构类产品开发能力`}>
        <DevelopBlock form={form} block="structure" readOnly={readOnly} />
      </Fieldset>
      <Fieldset legend={t`电子电器类产品开发能力`}>
        <DevelopBlock form={form} block="electronicAppliances" readOnly={readOnly} />
      </Fieldset>
    </Stack>
  );
}

export const developmentStep = defineStep({ key: 'development', Form: DevelopmentForm, initialValues: prepareDevelopment });

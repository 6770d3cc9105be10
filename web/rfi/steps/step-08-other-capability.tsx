import { Fieldset, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { defineStep, type StepFormProps } from '../step-types.ts';
import { CapabilityTable } from './step-08-capabilities.tsx';
import { DeviceTable } from './step-08-devices.tsx';
import { ExampleTable } from './step-08-examples.tsx';
import { ManpowerFields } from './step-08-manpower.tsx';
import { prepareOtherCapability } from './step-08-rows.ts';

/**
 * Step 8, other capabilities (req rfi §3, §5): manpower, production and failure-analysis devices,
 * mold and IT capabilities from their dictionaries, and example files.
 */
export function OtherCapabilityForm({ form, readOnly }: StepFormProps<'otherCapability'>) {
  const { t } = useLingui();
  return (
    <Stack gap="xl">
      <Fieldset legend={t`人力资源`}>
        <ManpowerFields form={form} readOnly={readOnly} />
      </Fieldset>
      <Fieldset legend={t`生产设备`}>
        <DeviceTable form={form} list="productionDeviceList" readOnly={readOnly} />
      </Fieldset>
      <Fieldset legend={t`失效分析设备`}>
        <DeviceTable form={form} list="invalidDeviceList" readOnly={readOnly} />
      </Fieldset>
      <Fieldset legend={t`模具能力`}>
        <CapabilityTable form={form} list="moldCapableList" readOnly={readOnly} />
      </Fieldset>
      <Fieldset legend={t`IT能力`}>
        <CapabilityTable form={form} list="itCapableList" readOnly={readOnly} />
      </Fieldset>
      <Fieldset legend={t`示例文件`}>
        <ExampleTable form={form} readOnly={readOnly} />
      </Fieldset>
    </Stack>
  );
}

export const otherCapabilityStep = defineStep({ key: 'otherCapability', Form: OtherCapabilityForm, initialValues: prepareOtherCapability });

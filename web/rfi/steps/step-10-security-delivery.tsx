import { Fieldset, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { defineStep, type StepFormProps } from '../step-types.ts';
import { InfoTable } from './step-10-info-table.tsx';
import { prepareSecurityDelivery } from './step-10-rows.ts';

/**
 * Step 10, information security and delivery (req rfi §3, §5): the items of two dictionaries with an
 * optional remark each. The last step: the page's Submit follows it.
 */
export function SecurityDeliveryForm({ form, readOnly }: StepFormProps<'securityDelivery'>) {
  const { t } = useLingui();
  return (
    <Stack gap="xl">
      <Fieldset legend={t`信息安全能力`}>
        <InfoTable form={form} list="securityInfoList" readOnly={readOnly} />
      </Fieldset>
      <Fieldset legend={t`交付与物流`}>
        <InfoTable form={form} list="deliverInfoList" readOnly={readOnly} />
      </Fieldset>
    </Stack>
  );
}

export const securityDeliveryStep = defineStep({ key: 'securityDelivery', Form: SecurityDeliveryForm, initialValues: prepareSecurityDelivery });

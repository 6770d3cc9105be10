import { TextInput } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { SectionBlock } from '#web/rfi/section-block.tsx';
import type { StepForm } from '#web/rfi/step-types.ts';

/** Invoice info, saved with step 1 (spec 1 §3 "Invoice info"; all required, §5). */
export function InvoiceBlock({ form }: { form: StepForm<'company'> }) {
  const field = useFieldProps(form);
  return (
    <SectionBlock title={<Trans>开票信息</Trans>} cols={2}>
      <TextInput label={<Trans>银行账号</Trans>} withAsterisk inputMode="numeric" {...field('bankCardNum')} />
      <TextInput label={<Trans>开户银行</Trans>} withAsterisk {...field('bankName')} />
      <TextInput label={<Trans>开票地址</Trans>} withAsterisk {...field('invoiceAddress')} />
      <TextInput label={<Trans>开票电话</Trans>} withAsterisk inputMode="tel" {...field('invoicePhone')} />
    </SectionBlock>
  );
}

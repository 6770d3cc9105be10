import { TextInput } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { AnyForm } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { SectionBlock } from '#web/rfi/section-block.tsx';

/**
 * Invoice info (req rfi §3 "Invoice info"; all required, req rfi §5): saved with step 1, where the fields sit
 * at the top of the values; the release form keeps them under `invoice` (`prefix="invoice."`).
 */
export function InvoiceBlock({ form, prefix = '' }: { form: AnyForm; prefix?: string }) {
  const field = useFieldProps(form);
  return (
    <SectionBlock title={<Trans>开票信息</Trans>} cols={2}>
      <TextInput label={<Trans>银行账号</Trans>} withAsterisk inputMode="numeric" {...field(`${prefix}bankCardNum`)} />
      <TextInput label={<Trans>开户银行</Trans>} withAsterisk {...field(`${prefix}bankName`)} />
      <TextInput label={<Trans>开票地址</Trans>} withAsterisk {...field(`${prefix}invoiceAddress`)} />
      <TextInput label={<Trans>开票电话</Trans>} withAsterisk inputMode="tel" {...field(`${prefix}invoicePhone`)} />
    </SectionBlock>
  );
}

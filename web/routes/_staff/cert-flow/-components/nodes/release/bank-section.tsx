import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { BANK_ROWS } from '#domain/release/release-form.ts';
import { canAddRow } from '#domain/rfi/dependencies.ts';
import { useFormReadOnly } from '#web/forms/caller.tsx';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { SectionBlock } from '#web/rfi/section-block.tsx';
import { BankCard } from './bank-card.tsx';
import type { ReleaseFormApi } from './release-form-types.ts';
import { emptyBankRow } from './release-values.ts';

/** Bank accounts (req flow §3.16, §5.12): 1 to 10 cards, exactly one the default account. */
export function BankSection({ form }: { form: ReleaseFormApi }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const readOnly = useFormReadOnly();
  const banks = form.getValues().bankList;
  return (
    <SectionBlock title={t`银行信息`} stack>
      <Stack gap="sm" data-testid="bank-list">
        {form.errors.bankList && <Input.Error>{tr(form.errors.bankList)}</Input.Error>}
        {banks.map((_, index) => (
          <BankCard key={index} form={form} index={index} />
        ))}
        {!readOnly && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={!canAddRow(banks.length, BANK_ROWS.max)}
              onClick={() => {
                form.insertListItem('bankList', emptyBankRow());
                form.clearFieldError('bankList');
              }}
            >
              {t`添加银行`}
            </Button>
            <Text size="xs" c="dimmed">
              {t`${banks.length} / ${BANK_ROWS.max} 个`}
            </Text>
          </Group>
        )}
      </Stack>
    </SectionBlock>
  );
}

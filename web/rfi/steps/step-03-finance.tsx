import { Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { FINANCE_AMOUNT_MAX, type RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { NumberField, RowTable } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { defineStep, type StepFormProps } from '../step-types.ts';
import { useDictionaryRows } from '../use-dictionary-rows.ts';
import { fillRows } from '../values.ts';

type FinanceValues = RfiSectionValues<'finance'>;
type FinanceRow = NonNullable<FinanceValues['financeList']>[number];

const financeRow = (statisticCode = '', statisticDesc = ''): FinanceRow => ({ statisticCode, statisticDesc, lastYear: '', beforeLastYear: '' });

const financeValues = (data: unknown): FinanceValues => ({ financeList: fillRows(financeRow, (data as FinanceValues | null)?.financeList) });

/** Step 3: one row per entry of dictionary financial_status, amounts in ten-thousands (req rfi §3, §5). */
function FinanceForm({ form }: StepFormProps<'finance'>) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const dict = useDictionaryRows(form, 'financeList', 'financial_status', 'statisticCode', financeRow);
  const year = new Date().getFullYear();
  const rows = form.getValues().financeList ?? [];
  const amount = (path: string, label: string) => (
    <NumberField aria-label={label} min={-FINANCE_AMOUNT_MAX} max={FINANCE_AMOUNT_MAX} {...field(path)} />
  );
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        <Trans>金额单位：万元</Trans>
      </Text>
      <RowTable
        form={form}
        path="financeList"
        aria-label={t`财务信息`}
        columns={[
          { key: 'item', title: t`项目`, width: '40%', render: (i) => <Text size="sm">{dict.label(rows[i]?.statisticCode) || rows[i]?.statisticDesc}</Text> },
          { key: 'lastYear', title: t`上一年度（${year - 1}）`, render: (_, p) => amount(`${p}.lastYear`, t`上一年度`) },
          { key: 'beforeLastYear', title: t`前一年度（${year - 2}）`, render: (_, p) => amount(`${p}.beforeLastYear`, t`前一年度`) },
        ]}
        empty={dict.isLoading ? t`加载中` : undefined}
      />
    </>
  );
}

export const financeStep = defineStep({ key: 'finance', Form: FinanceForm, initialValues: financeValues });

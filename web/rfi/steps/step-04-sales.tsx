import { Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { BIG_CUSTOMER_ROWS_MAX, type RfiSectionValues, SALES_NUMBER_MAX } from '#domain/rfi/sections/index.ts';
import { NumberField, RowTable } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { SectionBlock } from '../section-block.tsx';
import { defineStep, type StepFormProps } from '../step-types.ts';
import { useDictionaryRows } from '../use-dictionary-rows.ts';
import { fillRows } from '../values.ts';
import { BigCustomerTable, newBigCustomer } from './sales/big-customer-table.tsx';

type SalesValues = RfiSectionValues<'sales'>;
type SaleRow = NonNullable<SalesValues['saleList']>[number];

const saleRow = (statisticCode = '', statisticDesc = ''): SaleRow => ({ statisticCode, statisticDesc, currentYear: '', lastYear: '', beforeLastYear: '', remark: '' });

const salesValues = (data: unknown): SalesValues => {
  const v = data as SalesValues | null;
  return { saleList: fillRows(saleRow, v?.saleList), bigCustomerList: fillRows(newBigCustomer, v?.bigCustomerList) };
};

/** Step 4: sales rows of dictionary company_sales, and at most 10 big customers (req rfi §3, §5). */
function SalesForm({ form, readOnly }: StepFormProps<'sales'>) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const dict = useDictionaryRows(form, 'saleList', 'company_sales', 'statisticCode', saleRow);
  const year = new Date().getFullYear();
  const rows = form.getValues().saleList ?? [];
  const amount = (path: string, label: string) => <NumberField aria-label={label} min={0} max={SALES_NUMBER_MAX} {...field(path)} />;
  return (
    <>
      <SectionBlock title={<Trans>销售情况</Trans>} stack>
        <Text size="sm" c="dimmed">
          <Trans>金额单位：万元</Trans>
        </Text>
        <RowTable
          form={form}
          path="saleList"
          aria-label={t`销售情况`}
          minWidth={900}
          columns={[
            { key: 'item', title: t`项目`, width: '26%', render: (i) => <Text size="sm">{dict.label(rows[i]?.statisticCode) || rows[i]?.statisticDesc}</Text> },
            { key: 'currentYear', title: t`本年度（${year}）`, render: (_, p) => amount(`${p}.currentYear`, t`本年度`) },
            { key: 'lastYear', title: t`上一年度（${year - 1}）`, render: (_, p) => amount(`${p}.lastYear`, t`上一年度`) },
            { key: 'beforeLastYear', title: t`前一年度（${year - 2}）`, render: (_, p) => amount(`${p}.beforeLastYear`, t`前一年度`) },
            { key: 'remark', title: t`备注`, render: (_, p) => <TextInput aria-label={t`备注`} {...field(`${p}.remark`)} /> },
          ]}
          empty={dict.isLoading ? t`加载中` : undefined}
        />
      </SectionBlock>
      <SectionBlock title={<Trans>主要客户（最多{BIG_CUSTOMER_ROWS_MAX}个）</Trans>} stack>
        <BigCustomerTable form={form} readOnly={readOnly} />
      </SectionBlock>
    </>
  );
}

export const salesStep = defineStep({ key: 'sales', Form: SalesForm, initialValues: salesValues });

import { TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { BIG_CUSTOMER_ROWS_MAX, type RfiSectionValues, SALES_NUMBER_MAX } from '#domain/rfi/sections/index.ts';
import { CountrySelect, NumberField, RowTable, type RowTableColumn } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '#web/rfi/step-types.ts';

type BigCustomerRow = NonNullable<RfiSectionValues<'sales'>['bigCustomerList']>[number];

export function newBigCustomer(): BigCustomerRow {
  return {
    customerName: '',
    regional: null,
    materialName: '',
    lastSales: '',
    lastSalesRate: '',
    lastSupporting: '',
    lastSupportingRate: '',
    currentSales: '',
    currentSalesRate: '',
    currentSupporting: '',
    currentSupportingRate: '',
  };
}

/**
 * Big customers (req rfi §3 "Big customer row", req rfi §5): sales and sales-rate numbers are integers up to
 * 9999999999, supporting rates percents 0–100; at most 10 rows, none required.
 */
export function BigCustomerTable({ form, readOnly }: { form: StepForm<'sales'>; readOnly: boolean }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const amount = (key: keyof BigCustomerRow, title: string): RowTableColumn => ({
    key,
    title,
    width: 130,
    render: (_, p) => <NumberField aria-label={title} min={0} max={SALES_NUMBER_MAX} {...field(`${p}.${key}`)} />,
  });
  const percent = (key: keyof BigCustomerRow, title: string): RowTableColumn => ({
    key,
    title,
    width: 120,
    render: (_, p) => <NumberField aria-label={title} min={0} max={100} decimals={2} {...field(`${p}.${key}`)} />,
  });
  return (
    <RowTable
      form={form}
      path="bigCustomerList"
      aria-label={t`主要客户`}
      newRow={newBigCustomer}
      max={BIG_CUSTOMER_ROWS_MAX}
      readOnly={readOnly}
      numbered
      minWidth={1800}
      addLabel={t`添加客户`}
      columns={[
        { key: 'customerName', title: t`客户名称`, width: 160, render: (_, p) => <TextInput aria-label={t`客户名称`} {...field(`${p}.customerName`)} /> },
        { key: 'regional', title: t`国家/地区`, width: 150, render: (_, p) => <CountrySelect aria-label={t`国家/地区`} {...field(`${p}.regional`)} /> },
        { key: 'materialName', title: t`供货产品`, width: 150, render: (_, p) => <TextInput aria-label={t`供货产品`} {...field(`${p}.materialName`)} /> },
        amount('lastSales', t`上年销售额（万元）`),
        amount('lastSalesRate', t`上年销售占比（%）`),
        amount('lastSupporting', t`上年配套额（万元）`),
        percent('lastSupportingRate', t`上年配套占比（%）`),
        amount('currentSales', t`本年销售额（万元）`),
        amount('currentSalesRate', t`本年销售占比（%）`),
        amount('currentSupporting', t`本年配套额（万元）`),
        percent('currentSupportingRate', t`本年配套占比（%）`),
      ]}
    />
  );
}

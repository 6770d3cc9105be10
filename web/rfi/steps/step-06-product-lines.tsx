import { TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { RowTable, type RowTableColumn } from '#web/forms/index.ts';
import type { StepForm } from '../step-types.ts';
import { emptyProductLineRow, PRODUCT_LINE_ROWS } from './step-06-rows.ts';
import { lengthProps } from './step-limits.ts';

const len = lengthProps('factories');

/** productLineList (req rfi §3, §5): 1–10 rows; all but businessGroup and remark required. */
export function ProductLineTable({ form, readOnly }: { form: StepForm<'factories'>; readOnly: boolean }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const column = (key: string, title: string, required: boolean, width = 140): RowTableColumn => ({
    key,
    title,
    required,
    width,
    render: (_, path) => <TextInput aria-label={title} {...len(`${path}.${key}`)} {...field(`${path}.${key}`)} readOnly={readOnly} />,
  });
  const columns = [
    column('productLine', t`产品线`, true, 160),
    column('businessGroup', t`事业部`, false),
    column('baseName', t`制造基地`, true, 160),
    column('shipments', t`年出货量`, true),
    column('utilizationRate', t`稼动率`, true, 110),
    column('salesProportion', t`销售占比`, true, 110),
    column('productYield', t`产品良率`, true, 110),
    column('topFiveCustomers', t`前五大客户`, true, 200),
    column('remark', t`备注`, false, 180),
  ];
  return (
    <RowTable
      form={form}
      path="productLineList"
      columns={columns}
      newRow={emptyProductLineRow}
      min={PRODUCT_LINE_ROWS.min}
      max={PRODUCT_LINE_ROWS.max}
      readOnly={readOnly}
      numbered
      minWidth={1500}
      addLabel={t`添加产品线`}
      aria-label={t`产品线`}
    />
  );
}

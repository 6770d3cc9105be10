import { TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { HEAD_COUNT_MAX } from '#domain/rfi/sections/index.ts';
import { NumberField, RowTable, type RowTableColumn } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '../step-types.ts';
import { DEVICE_ROWS, emptyInvalidDevice, emptyProductionDevice } from './step-08-rows.ts';
import { lengthProps } from './step-limits.ts';

const len = lengthProps('otherCapability');
const today = () => new Date().toISOString().slice(0, 10);

type DeviceList = 'productionDeviceList' | 'invalidDeviceList';

/**
 * The production devices and the failure-analysis devices (req rfi §3, §5): 1 to 10 rows; texts up to
 * 30 characters, remarks 50, the quantity a whole number, the purchase date a calendar date.
 */
export function DeviceTable({ form, list, readOnly }: { form: StepForm<'otherCapability'>; list: DeviceList; readOnly: boolean }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const text = (key: string, title: string, width = 140): RowTableColumn => ({
    key,
    title,
    width,
    render: (_, path) => <TextInput aria-label={title} {...len(`${path}.${key}`)} {...field(`${path}.${key}`)} readOnly={readOnly} />,
  });
  const quantity: RowTableColumn = {
    key: 'quantity',
    title: t`数量`,
    width: 100,
    render: (_, path) => <NumberField aria-label={t`数量`} min={0} max={HEAD_COUNT_MAX} {...field(`${path}.quantity`)} readOnly={readOnly} />,
  };
  const purchaseDate: RowTableColumn = {
    key: 'purchaseDate',
    title: t`购买日期`,
    width: 150,
    render: (_, path) => <TextInput type="date" aria-label={t`购买日期`} max={today()} {...field(`${path}.purchaseDate`)} readOnly={readOnly} />,
  };
  const production = list === 'productionDeviceList';
  const columns = production
    ? [text('functionType', t`功能类别`), text('functionDesc', t`功能描述`, 180), text('brand', t`品牌`), text('model', t`型号`), quantity, purchaseDate, text('utilizationRate', t`稼动率`, 110), text('remark', t`备注`, 180)]
    : [text('functionDesc', t`功能描述`, 180), text('brand', t`品牌`), text('model', t`型号`), quantity, purchaseDate, text('usageRate', t`使用率`, 110), text('remark', t`备注`, 180)];
  return (
    <RowTable
      form={form}
      path={list}
      columns={columns}
      newRow={production ? emptyProductionDevice : emptyInvalidDevice}
      min={DEVICE_ROWS.min}
      max={DEVICE_ROWS.max}
      readOnly={readOnly}
      numbered
      minWidth={1200}
      addLabel={t`添加设备`}
      aria-label={production ? t`生产设备` : t`失效分析设备`}
    />
  );
}

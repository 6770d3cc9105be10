import { TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { RowTable, type RowTableColumn } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '../step-types.ts';
import { emptyTargetRow, TARGET_ROWS, type TargetListKey } from './step-07-rows.ts';
import { TargetNumber } from './step-07-target-cells.tsx';
import { lengthProps } from './step-limits.ts';
import { useTargetTitles } from './step-07-titles.ts';

const len = lengthProps('qualityTargets');

/** Long titles (English) wrap instead of widening the table. */
const Wrap = ({ children }: { children: string }) => <span style={{ whiteSpace: 'normal' }}>{children}</span>;

/**
 * 0 km PPM or market PPM (req rfi §5): 1 to 10 rows, the last one kept. 0 km rows are required
 * field by field; market rows are not, but their minimums still may not exceed their maximums.
 */
export function TargetTable({ form, list, required, readOnly }: { form: StepForm<'qualityTargets'>; list: TargetListKey; required: boolean; readOnly: boolean }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const titles = useTargetTitles();
  const columns: RowTableColumn[] = [
    {
      key: 'productLine',
      title: <Wrap>{titles.productLine}</Wrap>,
      required,
      render: (_, path) => <TextInput miw={150} aria-label={titles.productLine} {...len(`${path}.productLine`)} {...field(`${path}.productLine`)} readOnly={readOnly} />,
    },
    ...titles.numbers.map(({ name, title }) => ({
      key: name,
      title: <Wrap>{title}</Wrap>,
      required,
      render: (_: number, path: string) => <TargetNumber form={form} rowPath={path} name={name} label={title} readOnly={readOnly} />,
    })),
  ];
  return (
    <RowTable
      form={form}
      path={list}
      columns={columns}
      newRow={emptyTargetRow}
      min={TARGET_ROWS.min}
      max={TARGET_ROWS.max}
      readOnly={readOnly}
      numbered
      minWidth={900}
      aria-label={list === 'zeroKmPpmList' ? t`0公里PPM` : t`市场PPM`}
    />
  );
}

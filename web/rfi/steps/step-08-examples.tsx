import { useLingui } from '@lingui/react/macro';
import { DictSelect, RowTable, UploadField, useFileField } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '../step-types.ts';
import { EXAMPLE_ROWS_MAX, EXAMPLE_TYPE_DICT, emptyExampleRow, typesTakenElsewhere } from './step-08-rows.ts';

/**
 * Example files (req rfi §3, §5): up to 10 rows; the type comes from sample_file_types and is offered
 * once across the rows; a row with a type needs its file.
 */
export function ExampleTable({ form, readOnly }: { form: StepForm<'otherCapability'>; readOnly: boolean }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const file = useFileField(form);
  const rows = form.getValues().exampleList ?? [];
  return (
    <RowTable
      form={form}
      path="exampleList"
      newRow={emptyExampleRow}
      max={EXAMPLE_ROWS_MAX}
      readOnly={readOnly}
      numbered
      minWidth={720}
      addLabel={t`添加示例文件`}
      aria-label={t`示例文件`}
      columns={[
        {
          key: 'exampleType',
          title: t`示例类型`,
          width: 240,
          render: (index, path) => {
            const taken = typesTakenElsewhere(rows, index);
            return (
              <DictSelect
                dictType={EXAMPLE_TYPE_DICT}
                aria-label={t`示例类型`}
                placeholder={t`请选择`}
                clearable
                only={(e) => !taken.has(e.dictKey)}
                {...field(`${path}.exampleType`)}
                onChange={(key) => {
                  form.setFieldValue(`${path}.exampleType`, key);
                  form.clearFieldError(`${path}.exampleType`);
                  if (!key) form.clearFieldError(`${path}.exampleFileUrl`);
                }}
                readOnly={readOnly}
              />
            );
          },
        },
        {
          key: 'file',
          title: t`文件`,
          required: Boolean(rows.some((r) => r.exampleType)),
          render: (_, path) => <UploadField {...file(`${path}.exampleName`, `${path}.exampleFileUrl`)} readOnly={readOnly} />,
        },
      ]}
    />
  );
}

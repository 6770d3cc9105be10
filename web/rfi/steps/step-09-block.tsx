import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { RowTable, UploadField, useFileField } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '../step-types.ts';
import { DEVELOP_STEP_ROWS, type DevelopBlockKey, emptyDevelopStep } from './step-09-rows.ts';
import { lengthProps } from './step-limits.ts';

const len = lengthProps('development');

/**
 * One development block, structure or electronicAppliances (req rfi §3, §5): tools, technology and
 * location, the development steps, an example file. Texts up to 50 characters, needTime 10; nothing
 * is required.
 */
export function DevelopBlock({ form, block, readOnly }: { form: StepForm<'development'>; block: DevelopBlockKey; readOnly: boolean }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const file = useFileField(form);
  const text = (key: string, label: string) => <TextInput label={label} {...len(`${block}.${key}`)} {...field(`${block}.${key}`)} readOnly={readOnly} />;
  const cell = (key: string, title: string, width?: number) => ({
    key,
    title,
    width,
    render: (_: number, path: string) => <TextInput aria-label={title} {...len(`${path}.${key}`)} {...field(`${path}.${key}`)} readOnly={readOnly} />,
  });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {text('developSoftware', t`开发软件`)}
        {text('developDevice', t`开发设备`)}
        {text('technologyIntroduction', t`技术引进`)}
        {text('productDevelopLocation', t`产品开发地点`)}
      </SimpleGrid>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t`开发流程`}
        </Text>
        <RowTable
          form={form}
          path={`${block}.steps`}
          newRow={emptyDevelopStep}
          min={DEVELOP_STEP_ROWS.min}
          max={DEVELOP_STEP_ROWS.max}
          readOnly={readOnly}
          numbered
          minWidth={760}
          addLabel={t`添加步骤`}
          aria-label={t`开发流程`}
          columns={[cell('step', t`步骤`, 180), cell('stepDesc', t`步骤描述`), cell('needTime', t`所需时间`, 130), cell('methodRealize', t`实现方式`)]}
        />
      </div>
      <UploadField label={t`案例文件`} {...file(`${block}.exampleName`, `${block}.exampleFileUrl`)} readOnly={readOnly} />
    </Stack>
  );
}

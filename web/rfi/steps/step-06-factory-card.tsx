import { ActionIcon, Badge, Box, Group, Paper, SimpleGrid, Text, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { canDeleteRow } from '#domain/rfi/dependencies.ts';
import { EMPLOYEE_COUNT_MAX } from '#domain/rfi/sections/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { type AnyForm, AreaPicker, NumberField, useAreaField, valueAt } from '#web/forms/index.ts';
import { FACTORY_ROWS, isAdmittedFactory, type FactoryFormRow } from './step-06-rows.ts';
import { lengthProps } from './step-limits.ts';

const len = lengthProps('factories');

export interface FactoryCardProps {
  form: AnyForm;
  index: number;
  count: number;
  readOnly: boolean;
  /** The list the factory is a row of: the questionnaire's `factoryList` by default (the release form's is factoryInfoDtoList). */
  listPath?: string;
  /** Every field is required (the questionnaire); the release form asks for none. */
  required?: boolean;
  /** Rows that cannot be deleted (the last one in the questionnaire). */
  min?: number;
}

/**
 * One factory of factoryList (req rfi §3, §5): every field required. An admitted factory keeps its name
 * and address locked (shown disabled) and cannot be deleted; the last factory cannot be deleted either.
 */
export function FactoryCard({ form, index, count, readOnly, listPath = 'factoryList', required = true, min = FACTORY_ROWS.min }: FactoryCardProps) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const area = useAreaField(form);
  const path = `${listPath}.${index}`;
  const row = valueAt(form.getValues(), path) as FactoryFormRow | undefined;
  const admitted = isAdmittedFactory(row);
  const deletable = !readOnly && !admitted && canDeleteRow(count, min);
  // The limits are the questionnaire's factory row's, whatever list holds the row.
  const text = (key: string, label: string) => (
    <TextInput label={label} withAsterisk={required} {...len(`factoryList.${key}`)} {...field(`${path}.${key}`)} readOnly={readOnly} />
  );

  return (
    <Paper withBorder p="md" data-factory={index} data-testid={`factory-row-${index}`}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Text fw={600}>{t`工厂 ${index + 1}`}</Text>
          {admitted && (
            <Badge variant="light" color="teal">
              {t`已准入 ${row?.factoryCode ?? ''}`}
            </Badge>
          )}
        </Group>
        {!readOnly && (
          <Tooltip label={admitted ? t`已准入的工厂不可删除` : t`至少保留一个工厂`} disabled={deletable}>
            <ActionIcon variant="subtle" color="red" aria-label={t`删除工厂 ${index + 1}`} disabled={!deletable} onClick={() => form.removeListItem(listPath, index)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        <TextInput label={t`制造基地名称`} withAsterisk={required} {...len('factoryList.baseName')} {...field(`${path}.baseName`)} readOnly={readOnly} disabled={admitted && !readOnly} />
        {text('factoryArea', t`工厂占地`)}
        {text('constructionArea', t`建筑面积`)}
      </SimpleGrid>
      <Box mt="sm">
        <AreaPicker label={t`工厂地址`} withAsterisk={required} withAddress {...area(path)} readOnly={readOnly} disabled={admitted && !readOnly} />
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm" mt="sm">
        <NumberField label={t`员工人数`} withAsterisk={required} min={0} max={EMPLOYEE_COUNT_MAX} {...field(`${path}.employeeCount`)} readOnly={readOnly} />
        {text('totalUtilizationRate', t`总稼动率`)}
        {text('shift', t`班次`)}
        {text('product', t`主要产品`)}
      </SimpleGrid>
    </Paper>
  );
}

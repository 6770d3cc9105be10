import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { canAddRow } from '#domain/rfi/dependencies.ts';
import { YesNo } from '#web/forms/index.ts';
import { defineStep, type StepFormProps } from '../step-types.ts';
import { FactoryCard } from './step-06-factory-card.tsx';
import { ProductLineTable } from './step-06-product-lines.tsx';
import {
  emptyFactoryRow,
  FACTORY_ROWS,
  factoriesForNext,
  holdFactoryLocked,
  onHoldFactoryChange,
  onHoldProductLineChange,
  prepareFactories,
} from './step-06-rows.ts';

/**
 * Step 6, factories and product lines (req rfi §3, §4, §5): two required yes/no questions; the factory
 * cards (1–10) while holding a factory, the product-line table (1–10) while holding a product line. An
 * admitted factory (with a factoryCode) locks holdFactory to yes and its own identity fields.
 */
export function FactoriesForm({ form, readOnly }: StepFormProps<'factories'>) {
  const { t } = useLingui();
  const values = form.getValues();
  const locked = holdFactoryLocked(values);
  const factories = values.factoryList ?? [];

  return (
    <Stack gap="xl">
      <Fieldset legend={t`工厂信息`}>
        <Stack>
          <YesNo
            label={t`是否有工厂`}
            withAsterisk
            value={values.holdFactory}
            onChange={(hold) => {
              form.setValues(onHoldFactoryChange(form.getValues(), hold));
              form.clearFieldError('holdFactory');
            }}
            error={form.errors.holdFactory}
            readOnly={readOnly}
            disabled={locked && !readOnly}
            description={locked ? t`已有准入工厂，须保持为“是”` : undefined}
            aria-label={t`是否有工厂`}
          />
          {values.holdFactory === true && (
            <>
              {factories.map((_, index) => (
                <FactoryCard key={index} form={form} index={index} count={factories.length} readOnly={readOnly} />
              ))}
              {!readOnly && (
                <Group>
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    disabled={!canAddRow(factories.length, FACTORY_ROWS.max)}
                    onClick={() => form.insertListItem('factoryList', emptyFactoryRow())}
                  >
                    <Trans>添加工厂</Trans>
                  </Button>
                  <Text size="xs" c="dimmed">
                    {t`${factories.length} / ${FACTORY_ROWS.max} 个`}
                  </Text>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Fieldset>

      <Fieldset legend={t`产品线信息`}>
        <Stack>
          <YesNo
            label={t`是否有产品线`}
            withAsterisk
            value={values.holdProductLine}
            onChange={(hold) => {
              form.setValues(onHoldProductLineChange(form.getValues(), hold));
              form.clearFieldError('holdProductLine');
            }}
            error={form.errors.holdProductLine}
            readOnly={readOnly}
            aria-label={t`是否有产品线`}
          />
          {values.holdProductLine === true && <ProductLineTable form={form} readOnly={readOnly} />}
        </Stack>
      </Fieldset>
    </Stack>
  );
}

export const factoriesStep = defineStep({
  key: 'factories',
  Form: FactoriesForm,
  initialValues: prepareFactories,
  beforeNext: factoriesForNext,
});

import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { canAddRow } from '#domain/rfi/dependencies.ts';
import { useFormReadOnly } from '#web/forms/caller.tsx';
import { SectionBlock } from '#web/rfi/section-block.tsx';
import { FactoryCard } from '#web/rfi/steps/step-06-factory-card.tsx';
import { emptyFactoryRow, FACTORY_ROWS } from '#web/rfi/steps/step-06-rows.ts';
import type { ReleaseFormApi } from './release-form-types.ts';

/** Factories (req flow §3.16 factoryInfoDtoList): the questionnaire's factory cards, none of them required here. */
export function FactorySection({ form }: { form: ReleaseFormApi }) {
  const { t } = useLingui();
  const readOnly = useFormReadOnly();
  const factories = form.getValues().factoryInfoDtoList;
  return (
    <SectionBlock title={t`工厂信息`} stack>
      <Stack gap="sm" data-testid="factory-list">
        {factories.length === 0 && (
          <Text size="sm" c="dimmed">
            {t`暂无工厂信息`}
          </Text>
        )}
        {factories.map((_, index) => (
          <FactoryCard key={index} form={form} index={index} count={factories.length} readOnly={readOnly} listPath="factoryInfoDtoList" required={false} min={0} />
        ))}
        {!readOnly && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              disabled={!canAddRow(factories.length, FACTORY_ROWS.max)}
              onClick={() => form.insertListItem('factoryInfoDtoList', emptyFactoryRow())}
            >
              {t`添加工厂`}
            </Button>
            <Text size="xs" c="dimmed">
              {t`${factories.length} / ${FACTORY_ROWS.max} 个`}
            </Text>
          </Group>
        )}
      </Stack>
    </SectionBlock>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { sectionsOfCards } from '#domain/supplier-change/diff.ts';
import type { ChangeSide } from '#domain/supplier-change/status.ts';
import { comparisonQuery } from '#web/api/supplier-change.ts';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { ComparisonView } from './comparison-view.tsx';
import { modifyTypeLabel } from './labels.ts';

/**
 * The comparison opened by its code, without login (req change §2.1, req shell §2.6): one change's snapshot and new
 * version, nothing else. A wrong or expired code shows the server's "invalid or expired" and no data.
 */
export function ComparisonPage({ side, comparisonCode }: { side: ChangeSide; comparisonCode: string }) {
  const { i18n } = useLingui();
  const comparison = useQuery(comparisonQuery(side, comparisonCode, i18n.locale));
  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="space-between" px="lg" py="sm" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={4}>
          <Trans>供应商信息变更对比</Trans>
        </Title>
        <LanguageSwitch />
      </Group>
      <Box p={{ base: 'sm', md: 'lg' }}>
        {!comparisonCode ? (
          <Alert color="yellow" data-testid="comparison-missing">
            <Trans>链接参数不完整</Trans>
          </Alert>
        ) : comparison.isPending ? (
          <Center h={200}>
            <Loader />
          </Center>
        ) : comparison.isError ? (
          <Alert color="red" data-testid="comparison-error">
            {comparison.error.message}
          </Alert>
        ) : (
          <Paper withBorder p="md">
            <Stack>
              <Group gap="lg">
                <Text fw={600}>{comparison.data.supplierName}</Text>
                <Text size="sm" c="dimmed" data-testid="comparison-flow-no">
                  {comparison.data.flowNo}
                </Text>
                <Text size="sm">
                  <Trans>修改类型</Trans>: <span data-testid="comparison-modify-type">{modifyTypeLabel(comparison.data.modifyType)}</span>
                </Text>
              </Group>
              <ComparisonView before={comparison.data.before} after={comparison.data.after} sections={sectionsOfCards(comparison.data.cards)} labels={comparison.data.labels} />
            </Stack>
          </Paper>
        )}
      </Box>
    </Box>
  );
}

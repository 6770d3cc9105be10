import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { portalScorecardQuery } from '#web/api/assessment-portal.ts';
import { PortalFrame } from './portal-frame.tsx';

/** The supplier's scorecard: each published plan's total, grade and first-level indices. */
export function ScorecardPage() {
  const { t, i18n } = useLingui();
  const card = useQuery(portalScorecardQuery(i18n.locale));
  return (
    <PortalFrame title={<Trans>绩效评价结果</Trans>}>
      {card.isPending ? (
        <Center h={200}>
          <Loader />
        </Center>
      ) : card.isError ? (
        <Alert color="red">{card.error.message}</Alert>
      ) : card.data.plans.length === 0 ? (
        <Text c="dimmed">
          <Trans>暂无已发布的绩效评价结果</Trans>
        </Text>
      ) : (
        <Stack maw={960} mx="auto">
          {card.data.plans.map((p) => (
            <Paper key={p.planNo} withBorder p="md" data-testid="scorecard-plan" data-plan={p.planNo}>
              <Group justify="space-between" mb="sm">
                <Title order={5}>
                  {p.planName} · {p.period}
                </Title>
                <Group>
                  <Text fw={600} data-testid="scorecard-score">
                    {p.score ?? t`无数据`}
                  </Text>
                  <Badge size="lg" data-testid="scorecard-grade">
                    {p.grade ?? '-'}
                  </Badge>
                </Group>
              </Group>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t`指标`}</Table.Th>
                    <Table.Th>{t`权重(%)`}</Table.Th>
                    <Table.Th>{t`得分`}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.items.map((i) => (
                    <Table.Tr key={i.indexName}>
                      <Table.Td>{i.indexName}</Table.Td>
                      <Table.Td>{i.weight}</Table.Td>
                      <Table.Td>{i.score ?? t`无数据`}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          ))}
        </Stack>
      )}
    </PortalFrame>
  );
}

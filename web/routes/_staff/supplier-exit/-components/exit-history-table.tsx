import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Badge, Group, Table, Text } from '@mantine/core';
import { exitHistoryQuery } from '#web/api/supplier-exit.ts';
import { formatDateTime } from '#web/components/date-time.ts';

/** A supplier's exit history (req flow §3.19): exit category, exit types, finish time, sponsor; the categories it took out, tagged 淘汰. */
export function ExitHistoryTable({ supplierNo }: { supplierNo: string }) {
  const { i18n } = useLingui();
  const history = useQuery(exitHistoryQuery(supplierNo, i18n.locale));
  const rows = history.data ?? [];
  return (
    <Table withTableBorder striped data-testid="exit-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>退出类别</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>退出类型</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>退出品类</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>完成时间</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>发起人</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text size="sm" c="dimmed" ta="center">
                {history.isLoading ? <Trans>加载中…</Trans> : <Trans>暂无退出记录</Trans>}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((r) => (
          <Table.Tr key={r.flowNo}>
            <Table.Td>{r.exitCategory}</Table.Td>
            <Table.Td>{r.exitTypes}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {r.categoryNames.length === 0 ? (
                  <Trans>整体退出</Trans>
                ) : (
                  r.categoryNames.map((n) => (
                    <Badge key={n} variant="light" color="gray">
                      {n} <Trans>淘汰</Trans>
                    </Badge>
                  ))
                )}
              </Group>
            </Table.Td>
            <Table.Td>{formatDateTime(r.finishTime, i18n.locale)}</Table.Td>
            <Table.Td>{r.sponsor}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

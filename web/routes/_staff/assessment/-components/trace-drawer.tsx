import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { t } from '@lingui/core/macro';
import { Badge, Drawer, Stack, Table, Text } from '@mantine/core';
import { summaryTraceQuery } from '#web/api/assessment.ts';
import { formatDateTime } from '#web/components/date-time.ts';

/** How a supplier's total came about: each index's score, weight, who scored it and when, a computed index's figure and band. */
export function TraceDrawer({ planNo, supplierNo, onClose }: { planNo: string; supplierNo: string; onClose: () => void }) {
  const { i18n } = useLingui();
  const trace = useQuery(summaryTraceQuery(planNo, supplierNo, i18n.locale));
  const d = trace.data;
  const fmt = (iso: string | null) => formatDateTime(iso, i18n.locale, { empty: '' });
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={d ? `${d.supplierName} · ${d.finalScore ?? t`无数据`} ${d.grade ?? ''}` : t`得分明细`}>
      {d && (
        <Stack>
          <Table data-testid="trace-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`指标`}</Table.Th>
                <Table.Th>{t`权重(%)`}</Table.Th>
                <Table.Th>{t`得分`}</Table.Th>
                <Table.Th>{t`评分人 / 数据`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((i) => (
                <Table.Tr key={i.indexCode} data-index={i.indexCode}>
                  <Table.Td style={{ paddingLeft: 8 + i.depth * 16 }}>
                    {i.indexName} {i.knockOut && <Badge color="red" size="xs">{t`否决项`}</Badge>}
                  </Table.Td>
                  <Table.Td>
                    {i.weight}
                    {i.effectiveWeight !== null && i.effectiveWeight !== i.weight && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({t`实际`} {i.effectiveWeight})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{i.noData ? <Text c="dimmed">{t`无数据`}</Text> : i.score}</Table.Td>
                  <Table.Td>
                    {i.figure && (
                      <Text size="xs">
                        {t`数据`} {i.figure.value} → {i.figure.band}
                      </Text>
                    )}
                    {i.scores.map((s) => (
                      <Text key={s.reviewerJobNumber} size="xs">
                        {s.reviewerName}: {s.score ?? '-'} {fmt(s.at)}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {d.adjustments.length > 0 && (
            <Stack gap={4} data-testid="trace-adjustments">
              <Text fw={600} size="sm">{t`调整记录`}</Text>
              {d.adjustments.map((a) => (
                <Text key={a.at} size="xs">
                  {fmt(a.at)} {a.by}: {a.fromScore ?? '-'} → {a.toScore} ({a.reason})
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

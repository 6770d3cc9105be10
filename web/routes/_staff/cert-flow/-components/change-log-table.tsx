import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Box, Loader, Stack, Table, Text } from '@mantine/core';
import { TablePager } from '#web/components/table-pager.tsx';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { operationHistoryQuery } from '#web/api/rfi-staff.ts';
import { formatDateTime } from '#web/components/date-time.ts';

export type LogRelationType = typeof RELATION_TYPE.RFI_LOG | typeof RELATION_TYPE.CERT_FLOW;

/**
 * The paged operation history of a flow, as a table (dialogs) or a list of entries (`compact`, the
 * audit side panel) (req rfi §2 change log, req flow §2.1 operation log):
 * relation type 10 is the questionnaire's log, 20 the flow's; the relation code is the flow number.
 */
export function ChangeLogTable({ relationType, flowNo, compact = false }: { relationType: LogRelationType; flowNo: string; compact?: boolean }) {
  const { i18n } = useLingui();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const history = useQuery(operationHistoryQuery({ relationType, relationCode: flowNo, ...page }, i18n.locale));
  const records = history.data?.records ?? [];
  const total = history.data?.total ?? 0;

  const status = history.isLoading ? <Loader size="sm" /> : history.isError ? <Trans>加载失败</Trans> : <Trans>暂无数据</Trans>;

  return (
    <Stack gap="sm">
      {compact ? (
        // A narrow side panel: one entry per block, the record under its time and operator.
        <Stack gap="xs" data-testid={`change-log-${relationType}`}>
          {records.map((r, i) => (
            <Box key={`${r.createTime}-${i}`} pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
              <Text size="xs" c="dimmed">
                {formatDateTime(r.createTime, i18n.locale)} · {r.operateUserName || '-'}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {r.description}
              </Text>
            </Box>
          ))}
          {records.length === 0 && (
            <Text c="dimmed" ta="center" py="md" size="sm">
              {status}
            </Text>
          )}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table withTableBorder striped data-testid={`change-log-${relationType}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={180}>{relationType === RELATION_TYPE.CERT_FLOW ? <Trans>发送时间</Trans> : <Trans>时间</Trans>}</Table.Th>
                <Table.Th w={120}>
                  <Trans>操作人</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>操作记录</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((r, i) => (
                <Table.Tr key={`${r.createTime}-${i}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createTime, i18n.locale)}</Table.Td>
                  <Table.Td>{r.operateUserName || '-'}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{r.description}</Table.Td>
                </Table.Tr>
              ))}
              {records.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text c="dimmed" ta="center" py="md">
                      {status}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TablePager
        size="sm"
        total={total}
        page={page.pageNo}
        pageSize={page.pageSize}
        onPage={(n) => setPage((p) => ({ ...p, pageNo: n }))}
        onPageSize={compact ? undefined : (pageSize) => setPage({ pageNo: 1, pageSize })}
      />
    </Stack>
  );
}

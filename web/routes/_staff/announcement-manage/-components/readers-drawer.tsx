import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Drawer, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { AnnouncementAdminRow } from '#domain/announcement/announcement.ts';
import { announcementReadersQuery } from '#web/api/announcements.ts';
import { TablePager } from '#web/components/table-pager.tsx';

/** Who of an announcement's audience read it (with when) and who has not read it yet. */
export function ReadersDrawer({ row, onClose }: { row: AnnouncementAdminRow | null; onClose: () => void }) {
  const [read, setRead] = useState(true);
  const [page, setPage] = useState(1);
  const readers = useQuery({ ...announcementReadersQuery(row?.id ?? 0, read, page), enabled: row !== null });
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size={520} title={row?.title}>
      <Stack>
        <SegmentedControl
          data={[
            { value: 'read', label: t`已读 ${row?.readCount ?? 0}` },
            { value: 'unread', label: t`未读 ${(row?.audienceCount ?? 0) - (row?.readCount ?? 0)}` },
          ]}
          value={read ? 'read' : 'unread'}
          onChange={(v) => {
            setRead(v === 'read');
            setPage(1);
          }}
          data-testid="readers-switch"
        />
        <Table data-testid="readers-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`名称`}</Table.Th>
              <Table.Th>{t`账号`}</Table.Th>
              {read && <Table.Th>{t`阅读时间`}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(readers.data?.records ?? []).map((r) => (
              <Table.Tr key={`${r.kind}-${r.account}`}>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{r.account}</Table.Td>
                {read && <Table.Td>{r.readAt}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {readers.data && !readers.data.records.length && (
          <Text size="sm" c="dimmed" ta="center">
            <Trans>暂无数据</Trans>
          </Text>
        )}
        {readers.data && readers.data.total > 20 && <TablePager total={readers.data.total} page={page} pageSize={20} onPage={setPage} size="sm" />}
      </Stack>
    </Drawer>
  );
}

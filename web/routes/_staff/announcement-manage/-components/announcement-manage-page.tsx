import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Badge, Button, Card, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import type { AnnouncementAdminRow, AnnouncementDetail } from '#domain/announcement/announcement.ts';
import { announcementDetailQuery, announcementKeys, deleteAnnouncement, manageAnnouncementsQuery, withdrawAnnouncement } from '#web/api/announcements.ts';
import { TablePager } from '#web/components/table-pager.tsx';
import { AnnouncementEditor } from './announcement-editor.tsx';
import { AUDIENCE_LABELS } from './audience.ts';
import { ReadersDrawer } from './readers-drawer.tsx';

function StatusBadge({ row }: { row: AnnouncementAdminRow }) {
  if (row.status === 'DRAFT') return <Badge color="gray">{t`草稿`}</Badge>;
  if (row.status === 'WITHDRAWN') return <Badge color="dark">{t`已撤回`}</Badge>;
  if (row.scheduled) return <Badge color="orange">{t`定时发布`}</Badge>;
  return <Badge color="green">{t`已发布`}</Badge>;
}

/**
 * Announcement management (administrators): every announcement with who reads it, its status, release
 * time and how many of its audience read it; a new one or a draft opens the editor; a published one
 * opens its readers.
 */
export function AnnouncementManagePage({ search }: { search: { currentPage: number; pageSize: number } }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(manageAnnouncementsQuery(search.currentPage, search.pageSize));
  const [editing, setEditing] = useState<{ draft?: AnnouncementDetail } | null>(null);
  const [readersOf, setReadersOf] = useState<AnnouncementAdminRow | null>(null);
  const go = (next: Partial<typeof search>) => void navigate({ to: '/announcement-manage', search: { ...search, ...next } });
  const remove = useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: announcementKeys.manage() });
    },
  });
  // The administrator reads announcements too: their own drawer and bell drop a withdrawn one at once.
  const withdraw = useMutation({
    mutationFn: withdrawAnnouncement,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: announcementKeys.manage() });
      void queryClient.invalidateQueries({ queryKey: announcementKeys.reader('staff') });
    },
  });
  const confirmWithdraw = (row: AnnouncementAdminRow) =>
    openConfirmModal({
      title: t`撤回公告`,
      children: <Text size="sm">{t`撤回后所有人都将看不到公告“${row.title}”，已读记录保留。确定撤回吗？`}</Text>,
      labels: { confirm: t`撤回`, cancel: t`取消` },
      confirmProps: { color: 'red', 'data-testid': 'announcement-withdraw-confirm' },
      onConfirm: () => withdraw.mutate(row.id),
    });
  const edit = async (id: number) => setEditing({ draft: await queryClient.fetchQuery(announcementDetailQuery(id)) });
  const confirmDelete = (row: AnnouncementAdminRow) =>
    openConfirmModal({
      title: t`删除草稿`,
      children: <Text size="sm">{t`确定删除草稿“${row.title}”吗？`}</Text>,
      labels: { confirm: t`删除`, cancel: t`取消` },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(row.id),
    });

  return (
    <Stack>
      <Group justify="flex-end">
        <Button onClick={() => setEditing({})} data-testid="announcement-new">
          <Trans>新建公告</Trans>
        </Button>
      </Group>
      <Card withBorder>
        <Table striped highlightOnHover data-testid="announcement-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`标题`}</Table.Th>
              <Table.Th>{t`发布对象`}</Table.Th>
              <Table.Th>{t`状态`}</Table.Th>
              <Table.Th>{t`发布时间`}</Table.Th>
              <Table.Th>{t`弹窗`}</Table.Th>
              <Table.Th>{t`已读/对象`}</Table.Th>
              <Table.Th>{t`操作`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.records ?? []).map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.title}</Table.Td>
                <Table.Td>
                  {i18n._(AUDIENCE_LABELS[row.audience])}
                  {row.audienceCodeName ? `: ${row.audienceCodeName}` : ''}
                </Table.Td>
                <Table.Td>
                  <StatusBadge row={row} />
                </Table.Td>
                <Table.Td>{row.releaseTime}</Table.Td>
                <Table.Td>{row.isPopUp ? t`是` : t`否`}</Table.Td>
                <Table.Td data-testid="announcement-read-count">{row.status !== 'DRAFT' ? `${row.readCount}/${row.audienceCount}` : '-'}</Table.Td>
                <Table.Td>
                  {row.status === 'DRAFT' ? (
                    <Group gap={4}>
                      <Button size="compact-xs" variant="subtle" onClick={() => void edit(row.id)}>
                        <Trans>编辑</Trans>
                      </Button>
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmDelete(row)}>
                        <Trans>删除</Trans>
                      </Button>
                    </Group>
                  ) : (
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setReadersOf(row)} data-testid="announcement-readers">
                        <Trans>阅读情况</Trans>
                      </Button>
                      {row.canWithdraw && (
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmWithdraw(row)} data-testid="announcement-withdraw">
                          <Trans>撤回</Trans>
                        </Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {list.data && !list.data.records.length && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            <Trans>暂无公告</Trans>
          </Text>
        )}
        {list.data && (
          <TablePager total={list.data.total} page={search.currentPage} pageSize={search.pageSize} onPage={(p) => go({ currentPage: p })} onPageSize={(n) => go({ pageSize: n, currentPage: 1 })} />
        )}
      </Card>
      <Drawer opened={editing !== null} onClose={() => setEditing(null)} position="right" size={720} title={editing?.draft ? t`编辑公告` : t`新建公告`}>
        {editing && <AnnouncementEditor draft={editing.draft} onDone={() => setEditing(null)} />}
      </Drawer>
      <ReadersDrawer row={readersOf} onClose={() => setReadersOf(null)} />
    </Stack>
  );
}

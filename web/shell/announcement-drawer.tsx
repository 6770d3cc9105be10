import { useState } from 'react';
import { Box, Button, Center, Drawer, Group, Loader, Pagination, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconInbox } from '@tabler/icons-react';
import { ANNOUNCEMENT_DRAWER_WIDTH, ANNOUNCEMENT_PAGE_SIZE } from '#domain/announcement/announcement-layout.ts';
import type { AnnouncementView } from '#domain/announcement/announcement.ts';
import { announcementPageQuery, markAllAnnouncementsRead, type ReaderSide } from '#web/api/announcements.ts';
import { AnnouncementBody } from '#web/components/announcements/announcement-body.tsx';
import type { MarkRead } from './announcements.tsx';

/**
 * The announcement drawer of the header bell, 20 a page (loaded by `AnnouncementBell` when first opened).
 * Opening an item marks it read; "all read" clears the dot.
 */
export default function AnnouncementDrawer(props: { side: ReaderSide; opened: boolean; onClose: () => void; unread: number; read: MarkRead; refresh: () => unknown }) {
  const { side, opened, unread, read } = props;
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number | null>(null);
  const shown = useQuery({ ...announcementPageQuery(side, page), enabled: opened });
  const readAll = useMutation({ mutationFn: () => markAllAnnouncementsRead(side), onSettled: props.refresh });
  const toggle = (a: AnnouncementView) => {
    setExpanded(expanded === a.id ? null : a.id);
    if (!a.isRead && !read.isPending) read.mutate([a.id]);
  };

  return (
    <Drawer opened={opened} onClose={props.onClose} position="right" size={ANNOUNCEMENT_DRAWER_WIDTH} title={t`系统公告`}>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed" data-testid="announcement-unread">
          <Trans>未读 {unread} 条</Trans>
        </Text>
        <Button size="xs" variant="light" disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()}>
          <Trans>全部已读</Trans>
        </Button>
      </Group>
      {shown.isPending ? (
        <Center mih={240}>
          <Loader size="sm" />
        </Center>
      ) : !shown.data?.records.length ? (
        <Center mih={240}>
          <Stack align="center" gap="xs" c="dimmed">
            <IconInbox size={40} stroke={1.2} />
            <Text size="sm">
              <Trans>暂无公告</Trans>
            </Text>
          </Stack>
        </Center>
      ) : (
        <Stack gap="xs">
          {shown.data.records.map((a) => (
            <Stack key={a.id} gap={4} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} data-testid="announcement-item">
              <UnstyledButton onClick={() => toggle(a)} aria-expanded={expanded === a.id}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    {!a.isRead && <Box w={8} h={8} bg="red" style={{ borderRadius: '50%', flexShrink: 0 }} aria-label={t`未读`} data-testid="announcement-item-unread" />}
                    <Text size="sm" fw={a.isRead ? 400 : 600} truncate>
                      {a.title}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {a.releaseTime}
                  </Text>
                </Group>
              </UnstyledButton>
              {expanded === a.id && <AnnouncementBody item={a} side={side} />}
            </Stack>
          ))}
          {shown.data.total > ANNOUNCEMENT_PAGE_SIZE && (
            <Pagination size="sm" mt="xs" total={Math.ceil(shown.data.total / ANNOUNCEMENT_PAGE_SIZE)} value={page} onChange={setPage} />
          )}
        </Stack>
      )}
    </Drawer>
  );
}

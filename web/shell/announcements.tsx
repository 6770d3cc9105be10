import { useState } from 'react';
import { ActionIcon, Box, Button, Center, Drawer, Group, Indicator, Loader, Modal, Pagination, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconBell, IconInbox } from '@tabler/icons-react';
import { ANNOUNCEMENT_DRAWER_WIDTH, ANNOUNCEMENT_PAGE_SIZE, type AnnouncementView } from '#domain/announcement/announcement.ts';
import {
  announcementKeys,
  announcementPageQuery,
  markAllAnnouncementsRead,
  markAnnouncementsRead,
  unreadCountQuery,
  type ReaderSide,
} from '#web/api/announcements.ts';
import { AnnouncementBody } from '#web/components/announcements/announcement-body.tsx';

/**
 * Header bell with the unread dot and count; opens the 460 px announcement drawer, 20 a page (spec 3
 * §2.7, §9). Opening an item marks it read; "all read" clears the dot. The first unread pop-up
 * announcement of page 1 shows by itself, once: dismissing it marks it read. Staff and the supplier
 * portal (`side`) use the same bell, each with its own session.
 */
export function AnnouncementBell({ side = 'staff' }: { side?: ReaderSide }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number | null>(null);
  const unread = useQuery(unreadCountQuery(side)).data ?? 0;
  const firstPage = useQuery(announcementPageQuery(side, 1));
  const shown = useQuery({ ...announcementPageQuery(side, page), enabled: opened });
  const refresh = () => queryClient.invalidateQueries({ queryKey: announcementKeys.reader(side) });
  const read = useMutation({ mutationFn: (ids: number[]) => markAnnouncementsRead(side, ids), onSettled: refresh });
  const readAll = useMutation({ mutationFn: () => markAllAnnouncementsRead(side), onSettled: refresh });

  const popUp = firstPage.data?.records.find((a) => a.isPopUp && !a.isRead);
  const toggle = (a: AnnouncementView) => {
    setExpanded(expanded === a.id ? null : a.id);
    if (!a.isRead && !read.isPending) read.mutate([a.id]);
  };

  return (
    <>
      <Tooltip label={t`系统公告`}>
        <Indicator color="red" size={16} offset={6} label={unread > 99 ? '99+' : unread} disabled={unread === 0} data-testid="announcement-dot">
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={open} aria-label={t`系统公告`}>
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer opened={opened} onClose={close} position="right" size={ANNOUNCEMENT_DRAWER_WIDTH} title={t`系统公告`}>
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
      {popUp && (
        <Modal opened onClose={() => read.mutate([popUp.id])} title={popUp.title} centered size="lg" data-testid="announcement-popup">
          <Text size="xs" c="dimmed" mb="xs">
            {popUp.releaseTime}
          </Text>
          <AnnouncementBody item={popUp} side={side} />
          <Group justify="flex-end" mt="md">
            <Button loading={read.isPending} onClick={() => read.mutate([popUp.id])}>
              <Trans>我知道了</Trans>
            </Button>
          </Group>
        </Modal>
      )}
    </>
  );
}

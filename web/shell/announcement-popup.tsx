import { Button, Group, Modal, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { AnnouncementView } from '#domain/announcement/announcement.ts';
import type { ReaderSide } from '#web/api/announcements.ts';
import { AnnouncementBody } from '#web/components/announcements/announcement-body.tsx';
import type { MarkRead } from './announcements.tsx';

/** An unread pop-up announcement shown by itself; dismissing it marks it read (loaded when there is one). */
export default function AnnouncementPopUp({ popUp, side, read }: { popUp: AnnouncementView; side: ReaderSide; read: MarkRead }) {
  return (
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
  );
}

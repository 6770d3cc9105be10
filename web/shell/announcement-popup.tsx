import { Accordion, Button, Group, Modal, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import type { AnnouncementView } from '#domain/announcement/announcement.ts';
import type { ReaderSide } from '#web/api/announcements.ts';
import { AnnouncementBody } from '#web/components/announcements/announcement-body.tsx';
import type { MarkRead } from './announcements.tsx';

/**
 * The unread pop-up announcements in one window, the newest open: "全部标为已读" marks them all read; closing
 * leaves them unread for the bell and shows them again at the next login (loaded when there is one).
 */
export default function AnnouncementPopUp({ popUps, side, read, onLater }: { popUps: AnnouncementView[]; side: ReaderSide; read: MarkRead; onLater: () => void }) {
  return (
    <Modal opened onClose={onLater} title={t`未读公告（${popUps.length}）`} centered size="lg" data-testid="announcement-popup">
      <Accordion defaultValue={String(popUps[0]!.id)} variant="separated">
        {popUps.map((a) => (
          <Accordion.Item key={a.id} value={String(a.id)} data-testid="announcement-popup-item">
            <Accordion.Control>
              <Text size="sm" fw={600}>
                {a.title}
              </Text>
              <Text size="xs" c="dimmed">
                {a.releaseTime}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <AnnouncementBody item={a} side={side} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onLater}>
          <Trans>稍后再看</Trans>
        </Button>
        <Button loading={read.isPending} onClick={() => read.mutate(popUps.map((a) => a.id))} data-testid="announcement-popup-read-all">
          <Trans>全部标为已读</Trans>
        </Button>
      </Group>
    </Modal>
  );
}

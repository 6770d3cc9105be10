import { ActionIcon, Center, Drawer, Indicator, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconBell, IconInbox } from '@tabler/icons-react';

/** Spec 3 §9: the announcement drawer is 460 px wide. */
const ANNOUNCEMENT_DRAWER_WIDTH = 460;

/** Unread announcements; there is no announcement service yet, so none are unread. */
function useUnreadCount(): number {
  return 0;
}

/** Header bell with the unread dot; opens the announcement drawer (spec 3 §2.7). */
export function AnnouncementBell() {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  const unread = useUnreadCount();
  return (
    <>
      <Tooltip label={t`系统公告`}>
        <Indicator color="red" size={8} offset={6} disabled={unread === 0} data-testid="announcement-dot">
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={open} aria-label={t`系统公告`}>
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer opened={opened} onClose={close} position="right" size={ANNOUNCEMENT_DRAWER_WIDTH} title={t`系统公告`}>
        <Center mih={240}>
          <Stack align="center" gap="xs" c="dimmed">
            <IconInbox size={40} stroke={1.2} />
            <Text size="sm">
              <Trans>暂无公告</Trans>
            </Text>
          </Stack>
        </Center>
      </Drawer>
    </>
  );
}

import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Anchor, Box, Group, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { AnnouncementBell } from '#web/shell/announcements.tsx';
import { FeedbackButton } from '#web/shell/feedback-button.tsx';

/** A portal page below the home: its title, a way back to the portal home, the language switch. */
export function PortalFrame({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      {/* On a phone the actions wrap under the title instead of pushing the page sideways. */}
      <Group justify="space-between" px={{ base: 'sm', sm: 'lg' }} py="sm" gap="xs" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="md">
          <Anchor component={Link} to="/client/portal" size="sm">
            <Trans>供应商门户</Trans>
          </Anchor>
          <Title order={4}>{title}</Title>
        </Group>
        <Group gap="xs" justify="flex-end" ml="auto">
          <AnnouncementBell side="portal" />
          <FeedbackButton portal />
          <LanguageSwitch />
        </Group>
      </Group>
      <Box p={{ base: 'sm', md: 'lg' }}>{children}</Box>
    </Box>
  );
}

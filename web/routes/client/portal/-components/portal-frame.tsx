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
      <Group justify="space-between" px="lg" py="sm" bg="white" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group gap="md">
          <Anchor component={Link} to="/client/portal" size="sm">
            <Trans>供应商门户</Trans>
          </Anchor>
          <Title order={4}>{title}</Title>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <AnnouncementBell side="portal" />
          <FeedbackButton portal />
          <LanguageSwitch />
        </Group>
      </Group>
      <Box p={{ base: 'sm', md: 'lg' }}>{children}</Box>
    </Box>
  );
}

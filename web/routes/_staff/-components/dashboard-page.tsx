import { Card, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useShellUser } from '#web/shell/shell-user.ts';
import { MyTasksCard } from './my-tasks-card.tsx';

/** The staff home. Rendered at build too (domain/shell/prerendered-pages.ts): the greeting names the user once known. */
export function DashboardPage() {
  const user = useShellUser();
  const name = user?.name;
  return (
    <Stack>
      <Title order={3}>{user ? <Trans>欢迎，{name}</Trans> : <Trans>欢迎</Trans>}</Title>
      <Card withBorder>
        <Text c="dimmed">
          <Trans>从左侧菜单进入各项业务。</Trans>
        </Text>
      </Card>
      <MyTasksCard />
    </Stack>
  );
}

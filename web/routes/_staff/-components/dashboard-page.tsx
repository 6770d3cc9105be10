import { Card, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Route as StaffRoute } from '#web/routes/_staff.tsx';
import { MyTasksCard } from './my-tasks-card.tsx';

export function DashboardPage() {
  const { user } = StaffRoute.useRouteContext();
  const name = user.name;
  return (
    <Stack>
      <Title order={3}>
        <Trans>欢迎，{name}</Trans>
      </Title>
      <Card withBorder>
        <Text c="dimmed">
          <Trans>从左侧菜单进入各项业务。</Trans>
        </Text>
      </Card>
      <MyTasksCard />
    </Stack>
  );
}

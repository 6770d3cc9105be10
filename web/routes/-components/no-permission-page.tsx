import { Button, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { logoutEverywhere } from '#web/api/auth.ts';
import { StatusPage } from '#web/components/status-page.tsx';
import { tabStore } from '#web/shell/tab-store.ts';

/** Req shell §2.6: illustration, a no-permission message and 'back to login' that restarts the login. */
export function NoPermissionPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const backToLogin = async () => {
    const leaving = await logoutEverywhere();
    queryClient.clear();
    tabStore.reset();
    if (!leaving) await navigate({ to: '/login', replace: true });
  };
  return (
    <StatusPage illustration="403">
      <Stack align="center" gap="sm">
        <Title order={2}>
          <Trans>暂无权限</Trans>
        </Title>
        <Text c="dimmed" ta="center">
          <Trans>您没有访问该页面的权限，请联系管理员添加权限</Trans>
        </Text>
        <Button mt="md" onClick={() => void backToLogin()}>
          <Trans>返回登录</Trans>
        </Button>
      </Stack>
    </StatusPage>
  );
}

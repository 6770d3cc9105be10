import { Button, Code, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useSearch } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { StatusPage } from '#web/components/status-page.tsx';

/** Req shell §2.6: the missing path, a not-found message and a back-to-home button. */
export function NotFoundPage() {
  const search = useSearch({ strict: false }) as { path?: string };
  const { pathname } = useLocation();
  // Reached by redirect (the path is in the query) or rendered in place for a notFound() of a loader.
  const path = search.path ?? (pathname === '/notfound' ? undefined : pathname);
  return (
    <StatusPage illustration="404">
      <Stack align="center" gap="sm">
        <Title order={2}>404</Title>
        <Text>
          <Trans>抱歉，您访问的页面不存在</Trans>
        </Text>
        {path && <Code data-testid="missing-path">{path}</Code>}
        <Button component={Link} to="/dashboard" mt="md">
          <Trans>返回首页</Trans>
        </Button>
      </Stack>
    </StatusPage>
  );
}

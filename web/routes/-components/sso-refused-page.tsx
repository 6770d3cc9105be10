import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '#domain/i18n.ts';
import { IDENTITY_MESSAGES } from '#domain/staff-identity/messages.ts';
import { companyLoginHref } from '#web/api/auth.ts';
import { StatusPage } from '#web/components/status-page.tsx';

/**
 * Where a company-account login that opened no session ends: a person the staff table does not know
 * (nobody is created), or a login that failed or expired — which starts a fresh login (req shell §4).
 */
export function SsoRefusedPage() {
  const { reason } = useSearch({ from: '/sso-refused' });
  const { i18n } = useLingui();
  const locale = (i18n.locale || 'zh') as Locale;
  const message = IDENTITY_MESSAGES[reason === 'unknownUser' ? 'ssoUnknownUser' : 'ssoFailed'][locale];
  return (
    <StatusPage illustration="403">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2}>
          <Trans>无法登录</Trans>
        </Title>
        <Text c="dimmed" ta="center" data-testid="sso-refusal">
          {message}
        </Text>
        <Group mt="md">
          {reason === 'failed' && (
            <Button component="a" href={companyLoginHref()}>
              <Trans>重新登录</Trans>
            </Button>
          )}
          <Button component={Link} to="/login" variant={reason === 'failed' ? 'default' : 'filled'}>
            <Trans>返回登录</Trans>
          </Button>
        </Group>
      </Stack>
    </StatusPage>
  );
}

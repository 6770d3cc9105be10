import { useState } from 'react';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { login } from '#web/api/auth.ts';
import { tabStore } from '#web/shell/tab-store.ts';
import { isApiError } from '#web/api/client.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { LanguageSwitch } from '#web/components/language-switch.tsx';

const loginSchema = z.object({
  username: z.string().trim().min(1, { error: 'required' }),
  password: z.string().min(1, { error: 'required' }),
});

/** Staff login with a local account (DESIGN §6); the server answers one generic error for any mismatch. */
export function LoginPage() {
  const { t } = useLingui();
  const search = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ mode: 'uncontrolled', initialValues: { username: '', password: '' }, validate: zod4Resolver(loginSchema) });
  const field = useFieldProps(form);
  const [busy, setBusy] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await login(values);
      // A new session may be another user: nothing cached or opened by the previous one survives.
      queryClient.clear();
      tabStore.reset();
      // Only an in-app path is followed, never an absolute address from the query.
      const target = search.redirect?.startsWith('/') && !search.redirect.startsWith('//') ? search.redirect : '/dashboard';
      await router.invalidate();
      await navigate({ href: target, replace: true });
    } catch (err) {
      setError(isApiError(err) ? err.message : t`系统错误`);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w={380} maw="100%">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Group justify="space-between" align="center">
              <Title order={3}>
                <Trans>供应商管理平台</Trans>
              </Title>
              <LanguageSwitch />
            </Group>
            <Text size="sm" c="dimmed">
              <Trans>员工登录</Trans>
            </Text>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <TextInput label={t`用户名`} autoComplete="username" autoFocus {...field('username')} />
            <PasswordInput label={t`密码`} autoComplete="current-password" {...field('password')} />
            <Button type="submit" loading={busy} fullWidth>
              <Trans>登录</Trans>
            </Button>
            <Box ta="center">
              <Text size="xs" c="dimmed">
                <Trans>供应商请通过邀请邮件中的链接登录</Trans>
              </Text>
            </Box>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

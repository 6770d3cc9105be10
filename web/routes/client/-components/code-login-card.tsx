import { lazy, Suspense, type FormEventHandler, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Center, Checkbox, Group, Loader, Paper, Stack, Text, TextInput, Title, type CheckboxProps, type TextInputProps } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { SessionEndedNotice } from '#web/components/session-ended-notice.tsx';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import type { CodeLogin } from './use-code-login.ts';

/** Shown only once the server asks for it, so it loads then (with Mantine's Image), not with the form. */
const CaptchaView = lazy(() => import('./captcha-view.tsx').then((m) => ({ default: m.CaptchaView })));

/**
 * The card of both supplier logins (req rfi §2 login page): title and language switch, the notice of a
 * refusal, and the form, which the captcha view replaces once the server asks for it.
 */
export function CodeLoginCard({
  title,
  login,
  onSubmit,
  onFirstUse,
  children,
}: {
  title: ReactNode;
  login: CodeLogin;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Called when anything in the form takes focus: a form loading its rules lazily starts here. */
  onFirstUse?: () => void;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w={440} maw="100%">
        <Stack>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={3} fz={{ base: 'h4', sm: 'h3' }}>
              {title}
            </Title>
            <Box style={{ flexShrink: 0 }}>
              <LanguageSwitch />
            </Box>
          </Group>
          <SessionEndedNotice />
          {login.notice && (
            <Alert color="red" variant="light" role="alert">
              {login.notice}
            </Alert>
          )}
          {login.view === 'captcha' ? (
            <Suspense fallback={<Loader size="sm" mx="auto" />}>
              <CaptchaView onSolved={login.onSolved} />
            </Suspense>
          ) : (
            <form onSubmit={onSubmit} onFocus={onFirstUse} noValidate>
              <Stack>{children}</Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The 6-digit code input with the get-code button beside it. */
export function CodeRow({ inputKey, inputProps, button }: { inputKey: string; inputProps: TextInputProps; button: ReactNode }) {
  const { t } = useLingui();
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        label={t`验证码`}
        placeholder={t`请输入验证码`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        style={{ flex: 1 }}
        key={inputKey}
        {...inputProps}
      />
      {button}
    </Group>
  );
}

/** The privacy agreement (req rfi §5), the note once the captcha is solved, and the enter button. */
export function LoginFormFooter(props: { agreedKey: string; agreedProps: CheckboxProps; login: CodeLogin; enabled: boolean }) {
  return (
    <>
      <Checkbox
        key={props.agreedKey}
        {...props.agreedProps}
        label={
          <Trans>
            我已阅读并同意
            <Anchor href="/client/agreement" target="_blank" rel="noopener" inherit>
              《隐私声明》
            </Anchor>
          </Trans>
        }
      />
      {props.login.captcha && (
        <Text size="xs" c="dimmed">
          <Trans>安全验证已完成，请确认验证码后进入</Trans>
        </Text>
      )}
      <Button type="submit" loading={props.login.busy} disabled={!props.enabled || props.login.loggedIn} fullWidth>
        <Trans>进入</Trans>
      </Button>
    </>
  );
}

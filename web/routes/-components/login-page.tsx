import { useState } from 'react';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Center, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import type { TotpEnrolment } from '#domain/staff-identity/second-factor.ts';
import { secondFactorCodeSchema, totpConfirmSchema } from '#domain/staff-identity/password-rules.ts';
import { companyLoginHref, login, loginEnrol, loginOptionsQuery, loginTotp } from '#web/api/auth.ts';
import { tabStore } from '#web/shell/tab-store.ts';
import { isApiError } from '#web/api/client.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { SessionEndedNotice } from '#web/components/session-ended-notice.tsx';
import { RecoveryCodes, TotpKey } from '#web/components/second-factor.tsx';

const loginSchema = z.object({
  username: z.string().trim().min(1, { error: 'required' }),
  password: z.string().min(1, { error: 'required' }),
});

type Step = { kind: 'password' } | { kind: 'totp' } | { kind: 'enrol'; enrolment: TotpEnrolment } | { kind: 'recoveryCodes'; codes: string[] };

/**
 * Staff login (architecture §6): a local account's password, then its second step — an authenticator code,
 * or for an administrator without one the enrolment — and, where configured, the company account.
 * The server answers one generic error for any mismatch.
 */
export function LoginPage() {
  const { t } = useLingui();
  const search = useSearch({ from: '/login' });
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: options } = useQuery(loginOptionsQuery());
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);
  // Only an in-app path is followed, never an absolute address from the query.
  const target = search.redirect?.startsWith('/') && !search.redirect.startsWith('//') ? search.redirect : '/dashboard';

  const enter = async () => {
    // A new session may be another user: nothing cached or opened by the previous one survives.
    queryClient.clear();
    tabStore.reset();
    await router.invalidate();
    await navigate({ href: target, replace: true });
  };

  /** An ended second step (timed out, too many codes) starts over at the password. */
  const fail = (err: unknown) => {
    if (isApiError(err) && err.status === 401) setStep({ kind: 'password' });
    setError(isApiError(err) ? err.message : t`系统错误`);
  };

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w={step.kind === 'password' ? 380 : 460} maw="100%">
        <Stack>
          <Group justify="space-between" align="center">
            <Title order={3}>
              <Trans>供应商管理平台</Trans>
            </Title>
            <LanguageSwitch />
          </Group>
          <SessionEndedNotice />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {step.kind === 'password' && (
            <PasswordStep
              onError={fail}
              onDone={async (answer) => {
                setError(null);
                if (answer.next === 'done') return enter();
                setStep(answer.next === 'totp' ? { kind: 'totp' } : { kind: 'enrol', enrolment: answer.enrolment! });
              }}
            />
          )}
          {step.kind === 'totp' && <CodeStep schema={secondFactorCodeSchema} submit={loginTotp} onError={fail} onDone={enter} />}
          {step.kind === 'enrol' && (
            <>
              <Text size="sm" fw={500}>
                <Trans>管理员账号须开启双因素认证后才能继续。</Trans>
              </Text>
              <TotpKey enrolment={step.enrolment} />
              <CodeStep schema={totpConfirmSchema} submit={loginEnrol} onError={fail} onDone={(res) => setStep({ kind: 'recoveryCodes', codes: res.recoveryCodes ?? [] })} />
            </>
          )}
          {step.kind === 'recoveryCodes' && (
            <>
              <RecoveryCodes codes={step.codes} />
              <Button onClick={() => void enter()}>
                <Trans>我已保存，继续</Trans>
              </Button>
            </>
          )}
          {step.kind === 'password' && options?.companyLogin && (
            <>
              <Divider label={t`或`} labelPosition="center" />
              <Button component="a" href={companyLoginHref(target)} variant="default" fullWidth>
                <Trans>使用公司账号登录</Trans>
              </Button>
            </>
          )}
          <Box ta="center">
            <Text size="xs" c="dimmed">
              <Trans>供应商请通过邀请邮件中的链接登录</Trans>
            </Text>
          </Box>
        </Stack>
      </Paper>
    </Center>
  );
}

function PasswordStep({ onDone, onError }: { onDone: (answer: Awaited<ReturnType<typeof login>>) => Promise<void>; onError: (err: unknown) => void }) {
  const { t } = useLingui();
  const form = useForm({ mode: 'uncontrolled', initialValues: { username: '', password: '' }, validate: zod4Resolver(loginSchema) });
  const field = useFieldProps(form);
  const [busy, setBusy] = useState(false);
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await onDone(await login(values));
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          <Trans>员工登录</Trans>
        </Text>
        <TextInput label={t`用户名`} autoComplete="username" autoFocus {...field('username')} />
        <PasswordInput label={t`密码`} autoComplete="current-password" {...field('password')} />
        <Button type="submit" loading={busy} fullWidth>
          <Trans>登录</Trans>
        </Button>
      </Stack>
    </form>
  );
}

/** The code of the second step (or of the enrolment), checked with the domain schema before it is sent. */
function CodeStep<R>({
  schema,
  submit: send,
  onDone,
  onError,
}: {
  schema: typeof secondFactorCodeSchema | typeof totpConfirmSchema;
  submit: (code: string) => Promise<R>;
  onDone: (result: R) => void | Promise<void>;
  onError: (err: unknown) => void;
}) {
  const { t } = useLingui();
  const form = useForm({ mode: 'uncontrolled', initialValues: { code: '' }, validate: zod4Resolver(schema) });
  const field = useFieldProps(form);
  const [busy, setBusy] = useState(false);
  const recoveryAllowed = schema === secondFactorCodeSchema;
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await onDone(await send(values.code));
    } catch (err) {
      if (isApiError(err) && err.fieldErrors.code) form.setErrors(err.fieldErrors);
      else onError(err);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t`动态验证码`}
          description={recoveryAllowed ? t`请输入身份验证器中的6位验证码，或一个恢复码` : t`请输入身份验证器中显示的6位验证码`}
          autoComplete="one-time-code"
          inputMode={recoveryAllowed ? 'text' : 'numeric'}
          autoFocus
          {...field('code')}
        />
        <Button type="submit" loading={busy} fullWidth>
          <Trans>验证</Trans>
        </Button>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { PASSWORD_MAX, PASSWORD_MIN, passwordChangeSchema, totpConfirmSchema, totpDisableSchema } from '#domain/staff-identity/password-rules.ts';
import type { TotpEnrolment } from '#domain/staff-identity/second-factor.ts';
import { changePassword, confirmTotp, disableTotp, startTotp, totpStatusQuery } from '#web/api/auth.ts';
import { isApiError } from '#web/api/client.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { RecoveryCodes, TotpKey } from '#web/components/second-factor.tsx';

/** The rules the server applies, told before the password is typed (ASVS: no hidden composition rules). */
export function PasswordCard() {
  const { t } = useLingui();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zod4Resolver(passwordChangeSchema),
  });
  const field = useFieldProps(form);
  const [busy, setBusy] = useState(false);
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const { message } = await changePassword(values);
      notifications.show({ color: 'green', message });
      form.reset();
    } catch (err) {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      else notifications.show({ color: 'red', message: isApiError(err) ? err.message : t`系统错误` });
    } finally {
      setBusy(false);
    }
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack maw={420}>
          <Title order={5}>
            <Trans>修改密码</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              密码长度{PASSWORD_MIN}–{PASSWORD_MAX}个字符，可使用任意字符（建议使用较长的短语）；不能是常见密码，也不能包含用户名。修改后，其他设备上的登录将退出。
            </Trans>
          </Text>
          <PasswordInput label={t`当前密码`} autoComplete="current-password" {...field('currentPassword')} />
          <PasswordInput label={t`新密码`} autoComplete="new-password" {...field('newPassword')} />
          <PasswordInput label={t`确认新密码`} autoComplete="new-password" {...field('confirmPassword')} />
          <Group>
            <Button type="submit" loading={busy}>
              <Trans>修改密码</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Two-factor authentication of the own account: enrol (or replace the key), recovery codes, turn off. */
export function TotpCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { data: status } = useQuery(totpStatusQuery());
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const confirmForm = useForm({ mode: 'uncontrolled', initialValues: { code: '' }, validate: zod4Resolver(totpConfirmSchema) });
  const disableForm = useForm({ mode: 'uncontrolled', initialValues: { password: '' }, validate: zod4Resolver(totpDisableSchema) });
  const confirmField = useFieldProps(confirmForm);
  const disableField = useFieldProps(disableForm);
  const refresh = () => queryClient.invalidateQueries({ queryKey: totpStatusQuery().queryKey });

  const begin = async () => {
    setCodes(null);
    setEnrolment(await startTotp());
  };
  const confirm = confirmForm.onSubmit(async ({ code }) => {
    try {
      const res = await confirmTotp(code);
      setEnrolment(null);
      setCodes(res.recoveryCodes);
      confirmForm.reset();
      await refresh();
    } catch (err) {
      if (isApiError(err) && err.fieldErrors.code) confirmForm.setErrors(err.fieldErrors);
      else notifications.show({ color: 'red', message: isApiError(err) ? err.message : t`系统错误` });
    }
  });
  const turnOff = disableForm.onSubmit(async ({ password }) => {
    try {
      const { message } = await disableTotp(password);
      notifications.show({ color: 'green', message });
      disableForm.reset();
      await refresh();
    } catch (err) {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) disableForm.setErrors(err.fieldErrors);
      else notifications.show({ color: 'red', message: isApiError(err) ? err.message : t`系统错误` });
    }
  });

  if (!status) return null;
  return (
    <Card withBorder padding="lg">
      <Stack maw={520}>
        <Group gap="sm">
          <Title order={5}>
            <Trans>双因素认证</Trans>
          </Title>
          <Badge color={status.enabled ? 'green' : 'gray'} variant="light" data-testid="totp-state">
            {status.enabled ? t`已开启` : t`未开启`}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {status.required ? t`管理员账号必须开启双因素认证。` : t`登录时除密码外，还需输入身份验证器应用中的动态验证码。`}
          {status.enabled && ' '}
          {status.enabled && t`剩余恢复码：${status.recoveryCodesLeft}`}
        </Text>
        {codes && <RecoveryCodes codes={codes} />}
        {enrolment ? (
          <form onSubmit={confirm} noValidate>
            <Stack>
              <TotpKey enrolment={enrolment} />
              <TextInput label={t`动态验证码`} autoComplete="one-time-code" inputMode="numeric" {...confirmField('code')} />
              <Group>
                <Button type="submit">
                  <Trans>确认开启</Trans>
                </Button>
                <Button variant="default" onClick={() => setEnrolment(null)}>
                  <Trans>取消</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button variant={status.enabled ? 'default' : 'filled'} onClick={() => void begin()}>
              {status.enabled ? t`更换身份验证器` : t`开启双因素认证`}
            </Button>
          </Group>
        )}
        {status.enabled && !status.required && !enrolment && (
          <form onSubmit={turnOff} noValidate>
            <Group align="flex-end">
              <PasswordInput label={t`当前密码`} autoComplete="current-password" {...disableField('password')} />
              <Button type="submit" color="red" variant="light">
                <Trans>关闭双因素认证</Trans>
              </Button>
            </Group>
          </form>
        )}
        {status.required && !status.enabled && (
          <Alert color="yellow" variant="light">
            <Trans>请开启双因素认证。</Trans>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

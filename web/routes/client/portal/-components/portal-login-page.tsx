import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Box, Button, Center, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOGIN_ERROR, LOGIN_SUCCESS_DELAY_MS, canSubmitLogin } from '#domain/rfi/login.ts';
import { portalLoginForm } from '#domain/supplier-portal/login.ts';
import { isApiError } from '../../../../api/client.ts';
import { portalSession, safePortalRedirect } from '../../../../api/portal-session.ts';
import { portalKeys, portalLogin } from '../../../../api/supplier-portal.ts';
import { LanguageSwitch } from '../../../../components/language-switch.tsx';
import { useFieldProps } from '../../../../hooks/use-rule-message.ts';
import { CaptchaView, type SolvedCaptcha } from '../../-components/captcha-view.tsx';
import { PortalGetCodeButton } from './portal-get-code-button.tsx';

const LOGIN_CODES = new Set<number>(Object.values(LOGIN_ERROR));

/**
 * Supplier portal login (spec 1 §2 login page, §4 and §5 "Login", for the portal account): e-mail,
 * mailed code, privacy agreement; a captcha view replaces the form once the server asks for it;
 * '登录成功', then onward after 1 s to the asked portal page or the portal home.
 */
export function PortalLoginPage({ redirect }: { redirect?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [view, setView] = useState<'form' | 'captcha'>('form');
  const [captcha, setCaptcha] = useState<SolvedCaptcha | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loggedIn, setLoggedIn] = useState(false);
  const initialValues = { email: '', code: '', agreed: false as boolean };
  const [values, setValues] = useState(initialValues);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: zod4Resolver(portalLoginForm),
    onValuesChange: setValues,
  });
  const field = useFieldProps(form);

  const submit = form.onSubmit(async ({ email, code }) => {
    setBusy(true);
    setNotice(null);
    const solved = captcha;
    setCaptcha(null); // a captcha answers once, right or wrong
    try {
      const { token } = await portalLogin({ email, code, ...solved });
      portalSession.set(token);
      // Nothing read under an earlier portal session survives the new one.
      queryClient.removeQueries({ queryKey: portalKeys.all });
      setLoggedIn(true);
      notifications.show({ color: 'green', message: t`登录成功` });
      window.setTimeout(() => void navigate({ href: safePortalRedirect(redirect), replace: true }), LOGIN_SUCCESS_DELAY_MS);
    } catch (err) {
      if (!isApiError(err)) throw err;
      if (err.fieldErrors.captchaText) setView('captcha');
      if (!LOGIN_CODES.has(err.code) && err.status === 400) form.setErrors(err.fieldErrors);
      // Spec 1 §4: a wrong code shows nothing; a dead, used or expired code says so, or the user is stuck.
      const silent = err.code === LOGIN_ERROR.wrongCode || err.code === LOGIN_ERROR.captchaRequired || (err.status === 400 && !LOGIN_CODES.has(err.code));
      if (!silent) setNotice(err.message);
    } finally {
      setBusy(false);
    }
  });

  const onSolved = (solvedCaptcha: SolvedCaptcha) => {
    setCaptcha(solvedCaptcha);
    setNotice(null);
    setView('form');
  };

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w={440} maw="100%">
        <Stack>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={3} fz={{ base: 'h4', sm: 'h3' }}>
              <Trans>供应商门户登录</Trans>
            </Title>
            <Box style={{ flexShrink: 0 }}>
              <LanguageSwitch />
            </Box>
          </Group>
          {notice && (
            <Alert color="red" variant="light" role="alert">
              {notice}
            </Alert>
          )}
          {view === 'captcha' ? (
            <CaptchaView onSolved={onSolved} />
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack>
                <TextInput label={t`邮箱`} placeholder={t`请输入邮箱`} type="email" autoComplete="email" key={form.key('email')} {...field('email')} />
                <Group align="flex-start" gap="xs" wrap="nowrap">
                  <TextInput
                    label={t`验证码`}
                    placeholder={t`请输入验证码`}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    style={{ flex: 1 }}
                    key={form.key('code')}
                    {...field('code')}
                  />
                  <PortalGetCodeButton email={values.email} onNotice={setNotice} onFieldError={(message) => form.setFieldError('email', message)} />
                </Group>
                <Checkbox
                  key={form.key('agreed')}
                  {...field('agreed', { type: 'checkbox' })}
                  label={
                    <Trans>
                      我已阅读并同意
                      <Anchor href="/client/agreement" target="_blank" rel="noopener" inherit>
                        《隐私声明》
                      </Anchor>
                    </Trans>
                  }
                />
                {captcha && (
                  <Text size="xs" c="dimmed">
                    <Trans>安全验证已完成，请确认验证码后进入</Trans>
                  </Text>
                )}
                <Button type="submit" loading={busy} disabled={!canSubmitLogin(values) || loggedIn} fullWidth>
                  <Trans>进入</Trans>
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

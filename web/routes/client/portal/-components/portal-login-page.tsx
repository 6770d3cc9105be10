import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { canSubmitLogin } from '#domain/rfi/login-rules.ts';
import { portalLoginForm } from '#domain/supplier-portal/login.ts';
import { portalSession, safePortalRedirect } from '#web/api/portal-session.ts';
import { portalKeys, portalLogin, requestPortalCode } from '#web/api/supplier-portal.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { CodeLoginCard, CodeRow, LoginFormFooter } from '#web/routes/client/-components/code-login-card.tsx';
import { GetCodeButton } from '#web/routes/client/-components/get-code-button.tsx';
import { useCodeLogin } from '#web/routes/client/-components/use-code-login.ts';

/**
 * Supplier portal login (req rfi §2 login page, req rfi §4 and req rfi §5 "Login", for the portal account): e-mail,
 * mailed code, privacy agreement; a captcha view replaces the form once the server asks for it;
 * '登录成功', then onward after 1 s to the asked portal page or the portal home.
 */
export function PortalLoginPage({ redirect }: { redirect?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initialValues = { email: '', code: '', agreed: false as boolean };
  const [values, setValues] = useState(initialValues);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: zod4Resolver(portalLoginForm),
    onValuesChange: setValues,
  });
  const field = useFieldProps(form);
  const login = useCodeLogin({ setErrors: form.setErrors, quietFieldErrors: true });

  const submit = form.onSubmit(({ email, code }) =>
    login.attempt(
      async (captcha) => {
        const { token } = await portalLogin({ email, code, ...captcha });
        portalSession.set(token);
        // Nothing read under an earlier portal session survives the new one.
        queryClient.removeQueries({ queryKey: portalKeys.all });
      },
      () => void navigate({ href: safePortalRedirect(redirect), replace: true }),
    ),
  );

  return (
    <CodeLoginCard title={<Trans>供应商门户登录</Trans>} login={login} onSubmit={submit}>
      <TextInput label={t`邮箱`} placeholder={t`请输入邮箱`} type="email" autoComplete="email" key={form.key('email')} {...field('email')} />
      <CodeRow
        inputKey={form.key('code')}
        inputProps={field('code')}
        button={
          <GetCodeButton
            countdownKey="portal"
            disabled={values.email.trim() === ''}
            request={() => requestPortalCode(values.email.trim())}
            onStart={() => login.setNotice(null)}
            onRefused={(err) => (err.fieldErrors.email ? form.setFieldError('email', err.fieldErrors.email) : login.setNotice(err.message))}
          />
        }
      />
      <LoginFormFooter agreedKey={form.key('agreed')} agreedProps={field('agreed', { type: 'checkbox' })} login={login} enabled={canSubmitLogin(values)} />
    </CodeLoginCard>
  );
}

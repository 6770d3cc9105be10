import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { showToast } from '#web/components/overlays/toast-store.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { canSubmitLogin, LOGIN_ERROR, type LoginRefusalData } from '#domain/rfi/login-rules.ts';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import { supplierSession } from '#web/api/supplier-session.ts';
import { loadedQueryClient } from '#web/api/query-on-demand.tsx';
import { exchangeCodeForToken, requestLoginCode, rfiLoginKeys } from '#web/api/rfi-login.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { useLazyRules } from '#web/hooks/use-lazy-rules.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { CodeLoginCard, CodeRow, LoginFormFooter } from './code-login-card.tsx';
import { GetCodeButton } from './get-code-button.tsx';
import { useCodeLogin } from './use-code-login.ts';
import { useLoginEmail } from './use-login-email.ts';

/** A dead link's page loads once the server has said the link is dead, not with every login. */
const InvalidLinkPage = lazy(() => import('./invalid-link-page.tsx').then((m) => ({ default: m.InvalidLinkPage })));

/** The form's rules, with zod, load when the form is first used (the page paints without them). */
const loadRules = () => import('./login-form-rules.ts').then((m) => m.codeAndAgreementRules);

/**
 * Supplier login of an invitation link (req rfi §2 login page, req rfi §4 and req rfi §5 "Login"): the invitation's
 * e-mail read-only, the mailed code, the privacy agreement; a captcha view replaces the form once the
 * server asks for it.
 */
export function SupplierLoginPage({ temp }: { temp: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const email = useLoginEmail(temp);
  const initialValues = { code: '', agreed: false as boolean };
  const [values, setValues] = useState(initialValues);
  const rules = useLazyRules(loadRules);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: rules.validate,
    onValuesChange: setValues,
  });
  const field = useFieldProps(form);
  const login = useCodeLogin({ setErrors: form.setErrors });
  const address = email.data?.email ?? '';

  // A dead link has its own page; any other failure (network, server) is a toast over the form.
  const deadLink = isApiError(email.error) && email.error.code === LOGIN_ERROR.invalidLink ? email.error : null;
  const failed = email.error != null;
  useEffect(() => {
    if (failed && !deadLink) showToast({ color: 'red', message: t`获取邮箱失败`, autoClose: ERROR_TOAST_MS });
  }, [failed, deadLink, t]);

  const submit = rules.submitWith(form.onSubmit(({ code }) =>
    login.attempt(
      async (captcha) => {
        const { token } = await exchangeCodeForToken({ temp, email: address, code, ...captcha });
        supplierSession.set({ temp, token });
        // Nothing cached under an earlier session of this link survives the new one (a page that read
        // through Query before may have cached some; the login itself reads nothing through it).
        loadedQueryClient()?.removeQueries({ queryKey: rfiLoginKeys.link(temp) });
      },
      () => void navigate({ to: '/client/rfi/$temp', params: { temp }, replace: true }),
    ),
  ));

  if (deadLink) {
    return (
      <Suspense fallback={<PageLoader />}>
        <InvalidLinkPage contact={(deadLink.data as Partial<LoginRefusalData> | undefined)?.contact} />
      </Suspense>
    );
  }
  return (
    <CodeLoginCard title={<Trans>直采供应商注册RFI</Trans>} login={login} onSubmit={submit} onFirstUse={rules.load}>
      <TextInput label={t`邮箱`} value={address} readOnly />
      <CodeRow
        inputKey={form.key('code')}
        inputProps={field('code')}
        button={
          <GetCodeButton
            countdownKey={temp}
            disabled={address === ''}
            request={() => requestLoginCode(temp)}
            onStart={() => login.setNotice(null)}
            onRefused={(err) => login.setNotice(err.message)}
          />
        }
      />
      <LoginFormFooter agreedKey={form.key('agreed')} agreedProps={field('agreed', { type: 'checkbox' })} login={login} enabled={canSubmitLogin({ ...values, email: address })} />
    </CodeLoginCard>
  );
}

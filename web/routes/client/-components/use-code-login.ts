import { useState } from 'react';
import { showToast } from '#web/components/overlays/toast-store.ts';
import { useLingui } from '@lingui/react/macro';
import { LOGIN_ERROR, LOGIN_SUCCESS_DELAY_MS } from '#domain/rfi/login-rules.ts';
import { isApiError } from '#web/api/client.ts';
import type { SolvedCaptcha } from './captcha-view.tsx';

const LOGIN_CODES = new Set<number>(Object.values(LOGIN_ERROR));

/**
 * What the two supplier logins (invitation link, portal) share around the code exchange (req rfi §2,
 * §4): the captcha view that replaces the form when the server asks for it, the notice of a refusal,
 * and '登录成功' before going on after 1 s.
 */
export function useCodeLogin(opts: {
  setErrors: (errors: Record<string, string>) => void;
  /** A refused field shows on its own input only, not again in the notice. */
  quietFieldErrors?: boolean;
}) {
  const { t } = useLingui();
  const [view, setView] = useState<'form' | 'captcha'>('form');
  const [captcha, setCaptcha] = useState<SolvedCaptcha | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loggedIn, setLoggedIn] = useState(false);

  /** `login` exchanges the code (with the solved captcha, if any) and keeps the session; `onward` leaves the page. */
  const attempt = async (login: (captcha: SolvedCaptcha | null) => Promise<void>, onward: () => void) => {
    setBusy(true);
    setNotice(null);
    const solved = captcha;
    setCaptcha(null); // a captcha answers once, right or wrong
    try {
      await login(solved);
      setLoggedIn(true);
      showToast({ color: 'green', message: t`登录成功` });
      window.setTimeout(onward, LOGIN_SUCCESS_DELAY_MS);
    } catch (err) {
      if (!isApiError(err)) throw err;
      if (err.fieldErrors.captchaText) setView('captcha');
      const fieldRefusal = !LOGIN_CODES.has(err.code) && err.status === 400;
      if (fieldRefusal) opts.setErrors(err.fieldErrors);
      // Req rfi §4: a wrong code shows nothing; a dead, used or expired code says so, or the user is stuck.
      const silent = err.code === LOGIN_ERROR.wrongCode || err.code === LOGIN_ERROR.captchaRequired || (opts.quietFieldErrors && fieldRefusal);
      if (!silent) setNotice(err.message);
    } finally {
      setBusy(false);
    }
  };

  const onSolved = (solvedCaptcha: SolvedCaptcha) => {
    setCaptcha(solvedCaptcha);
    setNotice(null);
    setView('form');
  };

  return { view, captcha, notice, setNotice, busy, loggedIn, attempt, onSolved };
}

export type CodeLogin = ReturnType<typeof useCodeLogin>;

import { useState } from 'react';
import { Button } from '@mantine/core';
import { showToast } from '#web/components/overlays/toast-store.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOGIN_CODE_RESEND_SECONDS, LOGIN_ERROR, type VerifyCodeResponse } from '#domain/rfi/login-rules.ts';
import { type ApiError, isApiError } from '#web/api/client.ts';
import { useResendCountdown } from './use-resend-countdown.ts';

/** The seconds a resend refusal names; the full wait if it names none. */
const secondsIn = (data: unknown) => (data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds || LOGIN_CODE_RESEND_SECONDS;

/**
 * Get-code button of both supplier logins (req rfi §2): disabled without an e-mail and while it counts
 * down 'N秒后重新获取' for 120 s after a request; the countdown survives a reload of the tab.
 */
export function GetCodeButton(props: {
  /** Keeps the countdown apart per invitation link (or for the portal). */
  countdownKey: string;
  disabled: boolean;
  request: () => Promise<VerifyCodeResponse>;
  onStart: () => void;
  onRefused: (err: ApiError) => void;
}) {
  const { t } = useLingui();
  const countdown = useResendCountdown(props.countdownKey);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    props.onStart();
    try {
      const { resendAfterSeconds } = await props.request();
      countdown.start(resendAfterSeconds);
      showToast({ color: 'green', message: t`验证码已发送，请查收邮件` });
    } catch (err) {
      if (!isApiError(err)) throw err;
      if (err.code === LOGIN_ERROR.resendWait) countdown.start(secondsIn(err.data));
      props.onRefused(err);
    } finally {
      setSending(false);
    }
  };

  const seconds = countdown.seconds;
  return (
    <Button mt={25} variant="light" miw={130} onClick={() => void send()} loading={sending} disabled={props.disabled || countdown.counting}>
      {countdown.counting ? <Trans>{seconds}秒后重新获取</Trans> : <Trans>获取验证码</Trans>}
    </Button>
  );
}

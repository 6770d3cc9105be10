import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOGIN_CODE_RESEND_SECONDS, LOGIN_ERROR } from '#domain/rfi/login.ts';
import { isApiError } from '../../../api/client.ts';
import { requestLoginCode } from '../../../api/rfi-login.ts';
import { useResendCountdown } from './use-resend-countdown.ts';

/** The seconds a resend refusal names ('87秒后重新获取'); the full wait if the text has none. */
const secondsIn = (message: string) => Number(/\d+/.exec(message)?.[0]) || LOGIN_CODE_RESEND_SECONDS;

/**
 * Get-code button (spec 1 §2): disabled without an e-mail and while it counts down
 * 'N秒后重新获取' for 120 s after a request.
 */
export function GetCodeButton({ temp, hasEmail, onNotice }: { temp: string; hasEmail: boolean; onNotice: (message: string | null) => void }) {
  const { t } = useLingui();
  const countdown = useResendCountdown(temp);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    onNotice(null);
    try {
      const { resendAfterSeconds } = await requestLoginCode(temp);
      countdown.start(resendAfterSeconds);
      notifications.show({ color: 'green', message: t`验证码已发送，请查收邮件` });
    } catch (err) {
      if (!isApiError(err)) throw err;
      if (err.code === LOGIN_ERROR.resendWait) countdown.start(secondsIn(err.message));
      onNotice(err.message);
    } finally {
      setSending(false);
    }
  };

  const seconds = countdown.seconds;
  return (
    <Button mt={25} variant="light" miw={130} onClick={() => void send()} loading={sending} disabled={!hasEmail || countdown.counting}>
      {countdown.counting ? <Trans>{seconds}秒后重新获取</Trans> : <Trans>获取验证码</Trans>}
    </Button>
  );
}

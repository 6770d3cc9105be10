import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { sessionEnded } from '#web/api/session-ended.ts';

/**
 * On a login page: "your session has ended", when a call of the page before was refused for it. Read after
 * the first render, so a login page rendered at build hydrates as it was rendered.
 */
export function SessionEndedNotice() {
  const [ended, setEnded] = useState(false);
  useEffect(() => setEnded(sessionEnded.take()), []);
  if (!ended) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="session-ended">
      <Trans>您的登录已失效，请重新登录，登录后将回到刚才的页面。</Trans>
    </Alert>
  );
}

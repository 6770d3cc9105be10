import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '#web/api/auth.ts';

/** Req shell §2.6: a tag shows when the environment is not production. */
export const showsEnvTag = (appEnv: CurrentUser['appEnv']) => appEnv !== 'prod';

export function EnvTag({ appEnv }: { appEnv: CurrentUser['appEnv'] }) {
  const { t } = useLingui();
  if (!showsEnvTag(appEnv)) return null;
  return (
    <Badge color="orange" variant="light" tt="none" data-testid="env-tag" title={appEnv} style={{ flexShrink: 0 }}>
      {t`测试环境`}
    </Badge>
  );
}

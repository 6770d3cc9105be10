import { Badge } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '#web/api/auth.ts';

/** Spec 3 §2.6: a tag shows when the environment is not production. */
export function EnvTag({ appEnv }: { appEnv: CurrentUser['appEnv'] }) {
  const { t } = useLingui();
  if (appEnv === 'prod') return null;
  return (
    <Badge color="orange" variant="light" tt="none" data-testid="env-tag" title={appEnv} style={{ flexShrink: 0 }}>
      {t`测试环境`}
    </Badge>
  );
}

import { Alert } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** A link without the application (or flow/task) numbers cannot show anything. */
export function MissingParams() {
  return (
    <Alert color="yellow" title={<Trans>链接参数不完整</Trans>}>
      <Trans>请从流程列表或任务列表重新进入。</Trans>
    </Alert>
  );
}

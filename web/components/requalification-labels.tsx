import { Badge, Tooltip } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { FailureHandling, RequalificationOutcome, RequalificationTrigger } from '#domain/requalification/requalification.ts';

/** How screens name a requalification's trigger, outcome and failure handling. */
export const TRIGGER_LABEL: Record<RequalificationTrigger, MessageDescriptor> = {
  manual: msg`手动发起`,
  schedule: msg`周期到期`,
  certificate: msg`证书过期未更新`,
};
export const OUTCOME_LABEL: Record<RequalificationOutcome, MessageDescriptor> = {
  running: msg`进行中`,
  passed: msg`通过`,
  failed: msg`不通过`,
  withdrawn: msg`已撤回`,
};
export const OUTCOME_COLOR: Record<RequalificationOutcome, string> = { running: 'blue', passed: 'green', failed: 'red', withdrawn: 'gray' };
export const FAILURE_LABEL: Record<FailureHandling, MessageDescriptor> = { exit: msg`品类退出（需审批）`, restrict: msg`限制品类` };

/** The mark of a requalification in the flow list and on the progress page: its kind, why it started and where it stands. */
export function RequalificationBadge({ trigger, outcome }: { trigger: RequalificationTrigger; outcome: RequalificationOutcome }) {
  const { t, i18n } = useLingui();
  return (
    <Tooltip label={`${i18n._(TRIGGER_LABEL[trigger])} · ${i18n._(OUTCOME_LABEL[outcome])}`}>
      <Badge size="sm" variant="light" color={OUTCOME_COLOR[outcome]} data-testid="requalification-badge">
        {t`再认证`}
        {outcome !== 'running' ? ` · ${i18n._(OUTCOME_LABEL[outcome])}` : ''}
      </Badge>
    </Tooltip>
  );
}

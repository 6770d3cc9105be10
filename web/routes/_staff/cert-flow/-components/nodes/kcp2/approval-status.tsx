import { Group, Text, Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCircleCheck, IconCircleDashed, IconCircleX, IconClock } from '@tabler/icons-react';
import { APPROVAL_STATUS, type ApprovalStatus } from '#domain/cert-flow/evaluation.ts';

/**
 * The high-potential approval's status (req flow §4.2): a tick when finished, a clock in progress, a
 * cross when rejected, and 'not started'; the approvers' remark (bpmRemark) is its tip.
 */
export function ApprovalStatusMark({ status, remark }: { status: ApprovalStatus; remark?: string | null }) {
  const { t } = useLingui();
  const look = {
    [APPROVAL_STATUS.FINISHED]: { icon: <IconCircleCheck size={16} />, color: 'green', label: t`审批通过` },
    [APPROVAL_STATUS.INPROGRESS]: { icon: <IconClock size={16} />, color: 'orange', label: t`审批中` },
    [APPROVAL_STATUS.REJECT]: { icon: <IconCircleX size={16} />, color: 'red', label: t`已驳回` },
    [APPROVAL_STATUS.NOTSTART]: { icon: <IconCircleDashed size={16} />, color: 'gray', label: t`未开始` },
  }[status];
  const mark = (
    <Group gap={4} c={look.color} wrap="nowrap" data-testid="high-potential-status" data-status={status}>
      {look.icon}
      <Text size="sm" c={look.color}>
        {look.label}
      </Text>
    </Group>
  );
  return remark ? (
    <Tooltip label={t`审批意见：${remark}`} multiline maw={360} withArrow>
      {mark}
    </Tooltip>
  ) : (
    mark
  );
}

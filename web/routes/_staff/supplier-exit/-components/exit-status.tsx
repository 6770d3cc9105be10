import { Badge } from '@mantine/core';
import { t } from '@lingui/core/macro';
import type { ExitStatus } from '#domain/supplier-exit/exit.ts';

const COLOR: Record<ExitStatus, string> = { draft: 'gray', submitted: 'blue', approved: 'green', rejected: 'red', terminated: 'dark' };

export function exitStatusLabel(status: ExitStatus): string {
  return { draft: t`草稿`, submitted: t`审批中`, approved: t`已通过`, rejected: t`已驳回`, terminated: t`已终止` }[status];
}

export function ExitStatusBadge({ status }: { status: ExitStatus }) {
  return (
    <Badge variant="light" color={COLOR[status]} data-testid="exit-status">
      {exitStatusLabel(status)}
    </Badge>
  );
}

/** The requirements’ tag of an eliminated category (life cycle 2). */
export function EliminatedTag() {
  return (
    <Badge size="xs" color="gray" variant="filled" ml={4}>
      {t`淘汰`}
    </Badge>
  );
}

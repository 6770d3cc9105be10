import { t } from '@lingui/core/macro';
import { Badge } from '@mantine/core';
import type { FeedbackStatus } from '#domain/feedback/feedback.ts';

/** A feedback's state in the current language: 待处理 until answered, 已回复, 已关闭. */
export const feedbackStatusLabel = (s: FeedbackStatus) => ({ OPEN: t`待处理`, ANSWERED: t`已回复`, CLOSED: t`已关闭` })[s];

const STATUS_COLOR: Record<FeedbackStatus, string> = { OPEN: 'orange', ANSWERED: 'blue', CLOSED: 'gray' };

export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} data-testid="feedback-status">
      {feedbackStatusLabel(status)}
    </Badge>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { RELATION_TYPE, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { CurrentUser } from '#web/api/auth.ts';
import { approvalRecordQuery } from '#web/api/approval.ts';
import { invalidateFlow } from '#web/api/cert-flow-detail.ts';
import { MissingParams } from '#web/components/missing-params.tsx';
import { PageLoader } from '#web/components/page-loader.tsx';
import { DecisionButtons, ReviewRejectDialog, useReviewDecision } from '#web/routes/_staff/rfi/-components/review-decision.tsx';
import { ChangeLogTable } from '../change-log-table.tsx';
import { ApprovalStepCard } from './approval-step-card.tsx';

interface Props {
  user: CurrentUser;
  flowNo: string;
  taskNo: string;
  /** The route path of this page's tab, closed after a decision. */
  tabPath: string;
}

/**
 * The approval and submission record card (req flow §2.4, §4.11) of a task: an approval step of the
 * high-potential or supplier-code application shows its approval's records, an RFI review the flow's
 * log. The principal of a waiting task approves or rejects; the tab then closes (2000 ms / 1000 ms)
 * and the user lands on the progress page. The server checks the principal again.
 */
export function ApprovalPage(props: Props) {
  const { i18n } = useLingui();
  const record = useQuery(approvalRecordQuery(props.flowNo, props.taskNo, i18n.locale));

  if (!props.flowNo || !props.taskNo) return <MissingParams />;
  if (record.isPending) return <PageLoader />;
  if (record.data?.approval) return <ApprovalStepCard {...props} card={record.data} />;
  return <ReviewRecordCard {...props} />;
}

/** An RFI review task: the flow's log and the review's decision. */
function ReviewRecordCard({ user, flowNo, taskNo, tabPath }: Props) {
  const queryClient = useQueryClient();
  const review = useReviewDecision({ user, flowNo, taskNo, tabPath, onDecided: () => void invalidateFlow(queryClient, flowNo) });
  const { tasks, task } = review;

  if (tasks.isPending) return <PageLoader />;

  return (
    <Paper withBorder p="md" data-testid="approval-card">
      <Stack>
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={4}>
              <Trans>审批及提交记录</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              {flowNo}
              {task && ` · ${task.taskName} · ${task.taskPrincipalName}`}
            </Text>
          </Stack>
          <Group gap="xs">
            {task && (
              <Badge variant="light" color={task.taskStatus === TASK_STATUS.IN_PROGRESS ? 'blue' : 'gray'}>
                {task.taskStatusStr}
              </Badge>
            )}
            {review.canDecide && <DecisionButtons review={review} />}
          </Group>
        </Group>
        {tasks.isError || !task ? (
          <Alert color="yellow">
            <Trans>未找到该任务</Trans>
          </Alert>
        ) : null}
        <ChangeLogTable relationType={RELATION_TYPE.CERT_FLOW} flowNo={flowNo} />
      </Stack>
      <ReviewRejectDialog review={review} />
    </Paper>
  );
}

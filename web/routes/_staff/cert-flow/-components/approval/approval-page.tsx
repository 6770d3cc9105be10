import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { RELATION_TYPE, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { CurrentUser } from '../../../../../api/auth.ts';
import { auditPass, auditReject, flowTasksQuery, rfiStaffKeys } from '../../../../../api/rfi-staff.ts';
import { flowDetailKeys } from '../../../../../api/cert-flow-detail.ts';
import { PageLoader } from '../../../../../components/page-loader.tsx';
import { useCloseAfterReview } from '../../../rfi/-components/close-after-review.ts';
import { RejectDialog } from '../../../rfi/-components/reject-dialog.tsx';
import { ChangeLogTable } from '../change-log-table.tsx';

interface Props {
  user: CurrentUser;
  flowNo: string;
  taskNo: string;
  /** The route path of this page's tab, closed after a decision. */
  tabPath: string;
}

/**
 * The approval and submission record card (spec 2 §2.4, §4.11): the flow's records and, for the
 * principal of the in-progress task, approve and reject. After a decision the tab closes (2000 ms /
 * 1000 ms) and the user lands on the progress page. The server checks the principal again.
 */
export function ApprovalPage({ user, flowNo, taskNo, tabPath }: Props) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [decided, setDecided] = useState(false);
  const closeAfter = useCloseAfterReview(tabPath);
  const tasks = useQuery(flowTasksQuery(flowNo, i18n.locale));

  const decide = (decision: 'pass' | 'reject') => () => {
    setDecided(true);
    setRejectOpen(false);
    notifications.show({ color: 'green', message: t`操作成功` });
    void queryClient.invalidateQueries({ queryKey: rfiStaffKeys.tasks(flowNo) });
    void queryClient.invalidateQueries({ queryKey: rfiStaffKeys.histories(flowNo) });
    void queryClient.invalidateQueries({ queryKey: flowDetailKeys.all });
    closeAfter(decision, flowNo);
  };
  const pass = useMutation({ mutationFn: () => auditPass({ flowNo, taskNo }), onSuccess: decide('pass') });
  const reject = useMutation({ mutationFn: (reason: string) => auditReject({ flowNo, taskNo, reason }), onSuccess: decide('reject') });

  if (!flowNo || !taskNo) {
    return (
      <Alert color="yellow" title={<Trans>链接参数不完整</Trans>}>
        <Trans>请从流程列表或任务列表重新进入。</Trans>
      </Alert>
    );
  }
  if (tasks.isPending) return <PageLoader />;
  const task = tasks.data?.find((x) => x.taskNo === taskNo);
  const canDecide = !decided && task?.taskStatus === TASK_STATUS.IN_PROGRESS && task.taskPrincipalId === user.jobNumber;
  const busy = pass.isPending || reject.isPending;

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
            {canDecide && (
              <>
                <Button color="red" variant="outline" disabled={busy} onClick={() => setRejectOpen(true)}>
                  <Trans>驳回</Trans>
                </Button>
                <Button loading={pass.isPending} disabled={busy} onClick={() => pass.mutate()}>
                  <Trans>通过</Trans>
                </Button>
              </>
            )}
          </Group>
        </Group>
        {tasks.isError || !task ? (
          <Alert color="yellow">
            <Trans>未找到该任务</Trans>
          </Alert>
        ) : null}
        <ChangeLogTable relationType={RELATION_TYPE.CERT_FLOW} flowNo={flowNo} />
      </Stack>
      <RejectDialog opened={rejectOpen} pending={reject.isPending} onClose={() => setRejectOpen(false)} onConfirm={(reason) => reject.mutate(reason)} />
    </Paper>
  );
}

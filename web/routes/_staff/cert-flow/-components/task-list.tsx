import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { notifications } from '@mantine/notifications';
import { Badge, Button, Loader, Table, Text } from '@mantine/core';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { isRfiReviewKind } from '#domain/cert-flow/tasks.ts';
import { rfiAuditPath } from '#domain/rfi/routes.ts';
import { flowTasksQuery, reissueRfi, rfiStaffKeys, type FlowTask } from '#web/api/rfi-staff.ts';
import { isPendingAnswer } from '#web/api/pending-writes.ts';
import { formatDateTime } from '#web/components/date-time.ts';

/** Req rfi §4 "Tasks": not started / in progress / finished shown as info / normal / success tags. */
const STATUS_TAG: Record<number, { color: string; label: MessageDescriptor }> = {
  [TASK_STATUS.NOT_START]: { color: 'gray', label: msg`未开始` },
  [TASK_STATUS.IN_PROGRESS]: { color: 'blue', label: msg`进行中` },
  [TASK_STATUS.FINISHED]: { color: 'green', label: msg`已完成` },
};

/** The stage-10 task list of a flow (req rfi §2 supporting screens, req flow §2.3). */
export function TaskList({ flowNo }: { flowNo: string }) {
  const { i18n } = useLingui();
  const tasks = useQuery(flowTasksQuery(flowNo, i18n.locale));
  const rows = tasks.data ?? [];

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder striped data-testid="task-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th><Trans>任务名称</Trans></Table.Th>
            <Table.Th><Trans>任务负责人</Trans></Table.Th>
            <Table.Th><Trans>任务状态</Trans></Table.Th>
            <Table.Th><Trans>操作</Trans></Table.Th>
            <Table.Th><Trans>最新操作时间</Trans></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((task) => {
            const tag = STATUS_TAG[task.taskStatus];
            return (
              <Table.Tr key={task.taskNo} data-task-no={task.taskNo}>
                <Table.Td>{task.taskName}</Table.Td>
                <Table.Td>{task.taskPrincipalName || '-'}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={tag?.color ?? 'gray'}>
                    {tag ? i18n._(tag.label) : task.taskStatusStr}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <TaskOperation task={task} />
                </Table.Td>
                <Table.Td>{formatDateTime(task.updateTime, i18n.locale)}</Table.Td>
              </Table.Tr>
            );
          })}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" ta="center" py="md">
                  {tasks.isLoading ? <Loader size="sm" /> : tasks.isError ? <Trans>加载失败</Trans> : <Trans>暂无数据</Trans>}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Only an in-progress task can be acted on; what the action is follows the task type. */
function TaskOperation({ task }: { task: FlowTask }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enabled = task.taskStatus === TASK_STATUS.IN_PROGRESS;
  const reissue = useMutation({
    mutationFn: () => reissueRfi(task.flowNo),
    onSuccess: (answer) => {
      notifications.show(isPendingAnswer(answer) ? { color: 'blue', message: t`已提交，正在处理` } : { color: 'green', message: t`操作成功` });
      void queryClient.invalidateQueries({ queryKey: rfiStaffKeys.tasks(task.flowNo) });
    },
  });

  if (task.taskType === 'REGISTER_RFI') {
    return (
      <Button size="compact-sm" variant="subtle" disabled={!enabled} loading={reissue.isPending} onClick={() => reissue.mutate()}>
        <Trans>重新下发</Trans>
      </Button>
    );
  }
  if (isRfiReviewKind(task.taskType)) {
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        disabled={!enabled}
        onClick={() => void navigate({ href: rfiAuditPath({ applyNo: task.applyNo ?? '', flowNo: task.flowNo, taskNo: task.taskNo }) })}
      >
        <Trans>查看/审核</Trans>
      </Button>
    );
  }
  return <>-</>;
}

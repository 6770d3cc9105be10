import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Anchor, Badge, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import { myTasksQuery } from '#web/api/cert-flow-detail.ts';
import { formatDateTime } from '#web/components/date-time.ts';

/**
 * The signed-in staff member's open tasks. Stage-10 flows cannot be opened from the flow list
 * (req flow §2.1), so besides the task mail this is the way to APTITUDE and KCP1. Each task opens the
 * screen where it is done; a to-do shows its close date, marked overdue after it. A node's own task
 * is named for its node, so the task column says it once; a task with a name of its own (a review, a
 * dimension, an approval, a to-do) names its node beneath it.
 */
export function MyTasksCard() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const tasks = useQuery(myTasksQuery(i18n.locale));
  const rows = tasks.data ?? [];
  return (
    <Card withBorder data-testid="my-tasks">
      <Group justify="space-between" mb="sm">
        <Title order={5}>
          <Trans>我的待办</Trans>
        </Title>
        {tasks.data && <Badge variant="light">{rows.length}</Badge>}
      </Group>
      {tasks.isPending ? (
        <Loader size="sm" />
      ) : tasks.isError ? (
        <Text c="dimmed" size="sm">
          <Trans>加载失败</Trans>
        </Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>暂无待办任务</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={620} mah={400}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th><Trans>任务名称</Trans></Table.Th>
                <Table.Th><Trans>供应商名称</Trans></Table.Th>
                <Table.Th><Trans>流程编号</Trans></Table.Th>
                <Table.Th><Trans>开始时间</Trans></Table.Th>
                <Table.Th><Trans>截止时间</Trans></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((task) => (
                <Table.Tr key={task.taskNo} data-task-no={task.taskNo}>
                  <Table.Td>
                    {task.taskType === 'TODO' && (
                      <Badge size="xs" variant="light" mr={6}>
                        <Trans>待办</Trans>
                      </Badge>
                    )}
                    <Anchor
                      href={task.link}
                      size="sm"
                      onClick={(e) => {
                        e.preventDefault();
                        void navigate({ href: task.link });
                      }}
                    >
                      {task.taskName}
                    </Anchor>
                    {task.nodeName !== task.taskName && (
                      <Text size="xs" c="dimmed" data-testid="task-node">
                        {task.nodeName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{task.supplierName}</Table.Td>
                  <Table.Td>{task.flowNo}</Table.Td>
                  <Table.Td data-column="started">{formatDateTime(task.createTime, i18n.locale)}</Table.Td>
                  <Table.Td data-column="due">
                    {/* As the close date was entered and mailed (China time, domain/date-time.ts). */}
                    {formatDateTime(task.endTime, i18n.locale, { chinaTime: true })}
                    {task.overdue && (
                      <Badge size="xs" color="red" variant="light" ml={6} data-testid="task-overdue">
                        <Trans>已逾期</Trans>
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

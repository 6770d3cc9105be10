import { useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { Alert, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ApprovalRecordCard } from '#domain/cert-flow/approval-record.ts';
import { APPROVAL_STATUS } from '#domain/cert-flow/evaluation.ts';
import { flowDetailKeys, invalidateFlow } from '#web/api/cert-flow-detail.ts';
import { DecisionButtons, ReviewRejectDialog, useTaskDecision } from '#web/routes/_staff/rfi/-components/review-decision.tsx';
import { formatDateTime } from '#web/components/date-time.ts';
import { ApprovalSubjectView } from './approval-subject.tsx';

interface Props {
  flowNo: string;
  taskNo: string;
  tabPath: string;
  card: ApprovalRecordCard;
}

const STATUS_COLOR: Record<number, string> = {
  [APPROVAL_STATUS.INPROGRESS]: 'blue',
  [APPROVAL_STATUS.FINISHED]: 'green',
  [APPROVAL_STATUS.REJECT]: 'red',
};
const DECISION_COLOR = { pass: 'green', reject: 'red' } as const;

/**
 * An approval step's record card (req flow §2.4): who decided when, what and why, round by round; the
 * pending approver approves or rejects (a reason of at most 100 characters, req flow §5.2).
 */
export function ApprovalStepCard({ flowNo, taskNo, tabPath, card }: Props) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const { approval, records, task } = card;
  const decision = useTaskDecision({
    flowNo,
    taskNo,
    tabPath,
    canDecide: card.canDecide,
    // The card itself, the KCP2 screen showing the application's status, the flow and the open tasks.
    onDecided: () => {
      void queryClient.invalidateQueries({ queryKey: flowDetailKeys.node(flowNo, 'KCP2') });
      void invalidateFlow(queryClient, flowNo);
    },
  });
  if (!approval) return null;

  return (
    <Paper withBorder p="md" data-testid="approval-card">
      <Stack>
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={4}>
              <Trans>审批及提交记录</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              {flowNo} · {approval.kindName} · <Trans>第{approval.round}轮</Trans> · {task.taskPrincipalName}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge variant="light" color={STATUS_COLOR[approval.status] ?? 'gray'} data-testid="approval-status">
              {approval.statusStr}
            </Badge>
            {decision.canDecide && <DecisionButtons review={decision} />}
          </Group>
        </Group>
        {approval.remark && (
          <Alert color={approval.status === APPROVAL_STATUS.REJECT ? 'red' : 'blue'} title={<Trans>审批意见</Trans>}>
            {approval.remark}
          </Alert>
        )}
        {card.subject && <ApprovalSubjectView flowNo={flowNo} subject={card.subject} />}
        <Table.ScrollContainer minWidth={720} mah={400}>
          <Table striped withTableBorder data-testid="approval-records">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>轮次</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>审批人</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>角色</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>审批结果</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>驳回原因</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>送达时间</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>审批时间</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((r) => (
                <Table.Tr key={`${r.round}-${r.step}`}>
                  <Table.Td>{r.round}</Table.Td>
                  <Table.Td>
                    {r.approverName} ({r.approverId})
                  </Table.Td>
                  <Table.Td>{r.roleName}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={r.decision ? DECISION_COLOR[r.decision] : 'gray'}>
                      {r.decisionStr}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{r.reason ?? '-'}</Table.Td>
                  <Table.Td>{formatDateTime(r.openedAt, i18n.locale)}</Table.Td>
                  <Table.Td>{formatDateTime(r.decidedAt, i18n.locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <ReviewRejectDialog review={decision} />
    </Paper>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Textarea, Title } from '@mantine/core';
import type { ApprovalCardStatus } from '#domain/approvals/card.ts';
import type { EngineApprovalKind } from '#domain/approvals/kinds.ts';
import { ApiError } from '#web/api/client.ts';
import { approvalCardKeys, approvalCardQuery, approveOnCard, rejectOnCard } from '#web/api/approval.ts';
import { formatDateTime } from './date-time.ts';

const STATUS_COLOR: Record<ApprovalCardStatus, string> = { none: 'gray', approving: 'blue', approved: 'green', rejected: 'red', withdrawn: 'gray' };
const DECISION_COLOR = { pass: 'green', reject: 'red' } as const;

function statusText(status: ApprovalCardStatus): string {
  return { none: t`未提交`, approving: t`审批中`, approved: t`已通过`, rejected: t`已驳回`, withdrawn: t`已撤回` }[status];
}

interface Props {
  kind: EngineApprovalKind;
  /** The number of what is approved: a flow, a change, an exit, a plan. */
  of: string;
  /** What else the decision changes on the page (its subject's reads). */
  onDecided?: () => void;
}

/**
 * The one approval card (domain/contracts/approvals.ts): every step of any kind of approval — who holds it, what
 * was decided, by whom and why — and, for the reader who decides now, approve or reject with a reason of at most
 * the kind's length. The page around it shows what is approved.
 */
export function ApprovalCard({ kind, of, onDecided }: Props) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const card = useQuery(approvalCardQuery(kind, of, i18n.locale));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const done = ({ message }: { message: string }) => {
    notifications.show({ color: 'green', message });
    setReason('');
    void queryClient.invalidateQueries({ queryKey: approvalCardKeys.card(kind, of) });
    onDecided?.();
  };
  const approve = useMutation({ mutationFn: () => approveOnCard(kind, of, reason), onSuccess: done });
  const reject = useMutation({
    mutationFn: () => rejectOnCard(kind, of, reason),
    onSuccess: done,
    onError: (err) => setReasonError(err instanceof ApiError ? (err.fieldErrors.reason ?? err.message) : String(err)),
  });
  const c = card.data;
  if (!c) return card.error ? <Alert color="red">{card.error.message}</Alert> : null;
  if (c.status === 'none' && !c.steps.length) return null;
  const fmt = (iso: string | null) => formatDateTime(iso, i18n.locale, { empty: '-' });

  return (
    <Paper withBorder p="md" data-testid="approval-card">
      <Stack>
        <Group justify="space-between">
          <Title order={5}>
            <Trans>审批</Trans>
          </Title>
          <Badge variant="light" color={STATUS_COLOR[c.status]} data-testid="approval-status">
            {statusText(c.status)}
          </Badge>
        </Group>
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder data-testid="approval-steps">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>轮次</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>审批人</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>审批结果</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>审批意见</Trans>
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
              {c.steps.map((s) => (
                <Table.Tr key={`${s.round}-${s.step}`}>
                  <Table.Td>{s.round}</Table.Td>
                  <Table.Td>
                    {s.approverName} ({s.approverId})
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={s.decision ? DECISION_COLOR[s.decision] : 'gray'}>
                      {s.decision === 'pass' ? t`通过` : s.decision === 'reject' ? t`驳回` : t`待审批`}
                    </Badge>
                    {s.decidedBy && s.decidedBy !== s.approverName ? ` · ${s.decidedBy}` : ''}
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{s.reason ?? '-'}</Table.Td>
                  <Table.Td>{fmt(s.openedAt)}</Table.Td>
                  <Table.Td>{fmt(s.decidedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {c.canDecide && (
          <Stack gap="xs" data-testid="approval-decision">
            <Textarea
              label={t`审批意见（驳回时必填）`}
              maxLength={c.reasonMax}
              value={reason}
              error={reasonError}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(undefined);
              }}
              data-testid="approval-reason"
            />
            <Group justify="flex-end">
              <Button color="red" variant="light" disabled={!reason.trim()} loading={reject.isPending} onClick={() => reject.mutate()} data-testid="approval-reject">
                <Trans>驳回</Trans>
              </Button>
              <Button color="green" loading={approve.isPending} onClick={() => approve.mutate()} data-testid="approval-approve">
                <Trans>通过</Trans>
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

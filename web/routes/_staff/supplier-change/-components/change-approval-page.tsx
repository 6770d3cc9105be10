import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import type { ChangeApprovalRecord } from '#domain/supplier-change/approval.ts';
import { CHANGE_REJECT_REASON_MAX, changeRejectRequest } from '#domain/supplier-change/requests.ts';
import { sectionsOfCards } from '#domain/supplier-change/diff.ts';
import { INNER_EDIT_LIST_PATH } from '#domain/supplier-change/routes.ts';
import { APPROVAL_STATUS, type ModifyType } from '#domain/supplier-change/status.ts';
import {
  approveChange,
  changeApprovalQuery,
  changeDetailQuery,
  changeSnapshotQuery,
  decideConflict,
  invalidateChange,
  rejectChange,
} from '#web/api/supplier-change.ts';
import { isApiError } from '#web/api/client.ts';
import { MissingParams } from '#web/components/missing-params.tsx';
import { PageLoader } from '#web/components/page-loader.tsx';
import { tabStore } from '#web/shell/tab-store.ts';
import { ComparisonView } from '#web/supplier-change/comparison-view.tsx';
import { CHANGE_STATUS_COLOR, changeStatusLabel, modifyTypeLabel } from '#web/supplier-change/labels.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { formatDateTime } from '#web/components/date-time.ts';

/** Req change §4: the card's tab closes 2000 ms after an approval and 1000 ms after a rejection. */
const CLOSE_AFTER_MS = { pass: 2000, reject: 1000 } as const;

const STEP_COLOR: Record<number, string> = {
  [APPROVAL_STATUS.INPROGRESS]: 'blue',
  [APPROVAL_STATUS.FINISHED]: 'green',
  [APPROVAL_STATUS.REJECT]: 'red',
};
const formatTime = (iso: string | null, locale: string) => formatDateTime(iso, locale);

/**
 * The approval card of a supplier information change: the comparison of snapshot and new version (what
 * the approver decides on), the approval steps of every round, approve and reject with a reason, and the
 * conflict decision when the master changed since the snapshot. A bank change says when it still needs
 * its second approver. The server decides who may decide; the buttons only spare others a refusal.
 */
export function ChangeApprovalPage({ flowNo, tabPath }: { flowNo: string; tabPath: string }) {
  const { i18n } = useLingui();
  const record = useQuery(changeApprovalQuery(flowNo, i18n.locale));
  if (!flowNo) return <MissingParams />;
  if (record.isPending) return <PageLoader />;
  if (record.isError) {
    return (
      <Alert color="red" data-testid="change-approval-error">
        {record.error.message}
      </Alert>
    );
  }
  return <ApprovalCard record={record.data} tabPath={tabPath} />;
}

function ApprovalCard({ record, tabPath }: { record: ChangeApprovalRecord; tabPath: string }) {
  const { i18n } = useLingui();
  const locale = (i18n.locale || 'zh') as Locale;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'reject' | 'conflict-reject' | null>(null);
  const [decided, setDecided] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const afterDecision = (kind: keyof typeof CLOSE_AFTER_MS) => (res: { message: string }) => {
    setDecided(true);
    setDialog(null);
    notifications.show({ color: 'green', message: res.message });
    void invalidateChange(queryClient, 'staff', record.flowNo);
    timer.current = setTimeout(() => {
      void navigate({ href: INNER_EDIT_LIST_PATH, replace: true });
      tabStore.close(tabPath);
    }, CLOSE_AFTER_MS[kind]);
  };
  const onError = (err: Error) => {
    notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    // A refusal may come from a decision made meanwhile elsewhere: show the card as it is now.
    if (isApiError(err)) void invalidateChange(queryClient, 'staff', record.flowNo);
  };
  const approve = useMutation({
    mutationFn: () => approveChange(record.flowNo),
    onSuccess: afterDecision('pass'),
    onError,
  });
  const reject = useMutation({
    mutationFn: (reason: string) => rejectChange(record.flowNo, reason),
    onSuccess: afterDecision('reject'),
    onError,
  });
  const conflict = useMutation({
    mutationFn: ({ decision, reason }: { decision: 'apply' | 'reject'; reason?: string }) => decideConflict(record.flowNo, decision, reason),
    onSuccess: (res, { decision }) => afterDecision(decision === 'apply' ? 'pass' : 'reject')(res),
    onError,
  });
  const busy = approve.isPending || reject.isPending || conflict.isPending;
  const status = record.status;
  const round = record.steps.filter((s) => s.round === record.round);
  // The first step approved and the second not decided yet (it opens right after the first).
  const secondNeeded =
    record.bankChange &&
    round.some((s) => s.seq === 1 && s.status === APPROVAL_STATUS.FINISHED) &&
    round.some((s) => s.seq === 2 && s.status !== APPROVAL_STATUS.FINISHED && s.status !== APPROVAL_STATUS.REJECT);

  return (
    <Stack data-testid="change-approval-card" data-status={status}>
      <Paper withBorder p="md">
        <Stack>
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={4}>
                <Trans>供应商信息变更审批</Trans>
              </Title>
              <Text size="sm" c="dimmed">
                {record.flowNo} · {record.supplierName} · {modifyTypeLabel(record.modifyType as ModifyType)} · <Trans>提交人</Trans> {record.submitterName}
              </Text>
            </Stack>
            <Group gap="xs">
              {record.bankChange && (
                <Badge color="orange" variant="light" data-testid="bank-change-badge">
                  <Trans>银行信息变更</Trans>
                </Badge>
              )}
              <Badge color={CHANGE_STATUS_COLOR[status] ?? 'gray'} variant="light" data-testid="change-status">
                {changeStatusLabel(status)}
              </Badge>
              {record.canDecide && !decided && (
                <>
                  <Button color="red" variant="outline" disabled={busy} onClick={() => setDialog('reject')} data-testid="change-reject">
                    <Trans>驳回</Trans>
                  </Button>
                  <Button loading={approve.isPending} disabled={busy} onClick={() => approve.mutate()} data-testid="change-approve">
                    <Trans>通过</Trans>
                  </Button>
                </>
              )}
            </Group>
          </Group>
          {record.bankChange && (
            <Alert color="orange" title={<Trans>银行信息变更须两人审批</Trans>} data-testid="bank-change-notice">
              <Trans>
                银行账户的新增、修改、删除或默认账户变更，须由两位不同的审批人（均不能是提交人）通过；两位均通过前，新账户不会发送至ERP，也不可使用。
              </Trans>
              {secondNeeded && (
                <Text fw={600} mt="xs" data-testid="second-approver-needed">
                  <Trans>第一位审批人已通过，仍需第二位审批人审批。</Trans>
                </Text>
              )}
            </Alert>
          )}
          {status === 'conflict' && (
            <Alert color="orange" title={<Trans>主数据冲突</Trans>} data-testid="conflict-notice">
              <Stack gap="xs">
                <Text size="sm">{translate('changeMasterConflict', locale)}</Text>
                {record.canResolveConflict && !decided && (
                  <Group>
                    <Button
                      size="xs"
                      loading={conflict.isPending}
                      disabled={busy}
                      onClick={() => conflict.mutate({ decision: 'apply' })}
                      data-testid="conflict-apply"
                    >
                      <Trans>仍然应用本次变更</Trans>
                    </Button>
                    <Button size="xs" color="red" variant="outline" disabled={busy} onClick={() => setDialog('conflict-reject')} data-testid="conflict-reject">
                      <Trans>驳回</Trans>
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          {record.reason && (
            <Alert color={status === 'rejected' ? 'red' : 'blue'} title={<Trans>审批意见</Trans>}>
              {record.reason}
            </Alert>
          )}
          {record.erpMessage && (
            <Alert color="red" title={<Trans>ERP返回</Trans>}>
              {record.erpMessage}
            </Alert>
          )}
          {record.refusal && !record.canDecide && !record.canResolveConflict && (
            <Text size="sm" c="dimmed" data-testid="change-refusal">
              {translate(record.refusal, locale)}
            </Text>
          )}
          <StepsTable record={record} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <ChangeComparisonOfFlow flowNo={record.flowNo} />
      </Paper>
      <ReasonDialog
        opened={dialog !== null}
        title={<Trans>驳回</Trans>}
        label={<Trans>驳回原因</Trans>}
        // A conflict's rejection asks the same reason as any rejection (the submitter reads it).
        schema={changeRejectRequest.shape.reason}
        max={CHANGE_REJECT_REASON_MAX}
        required
        pending={reject.isPending || conflict.isPending}
        confirmColor="red"
        onClose={() => setDialog(null)}
        onConfirm={(reason) => (dialog === 'conflict-reject' ? conflict.mutate({ decision: 'reject', reason }) : reject.mutate(reason))}
      />
    </Stack>
  );
}

function StepsTable({ record }: { record: ChangeApprovalRecord }) {
  const { i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder data-testid="change-steps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`轮次`}</Table.Th>
            <Table.Th>{t`步骤`}</Table.Th>
            <Table.Th>{t`审批人`}</Table.Th>
            <Table.Th>{t`审批结果`}</Table.Th>
            <Table.Th>{t`处理人`}</Table.Th>
            <Table.Th>{t`意见`}</Table.Th>
            <Table.Th>{t`审批时间`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {record.steps.map((s) => (
            <Table.Tr key={`${s.round}-${s.seq}`} data-testid="change-step" data-seq={s.seq} data-step-status={s.status}>
              <Table.Td>{s.round}</Table.Td>
              <Table.Td>{s.seq === 1 ? t`采购经理审批` : t`第二审批人`}</Table.Td>
              <Table.Td>{s.approverName}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STEP_COLOR[s.status] ?? 'gray'}>
                  {stepStatusLabel(s.status)}
                </Badge>
              </Table.Td>
              <Table.Td>{s.decidedByName ?? '-'}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{s.reason ?? '-'}</Table.Td>
              <Table.Td>{formatTime(s.decidedAt, i18n.locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function stepStatusLabel(status: number): string {
  switch (status) {
    case APPROVAL_STATUS.INPROGRESS:
      return t`审批中`;
    case APPROVAL_STATUS.FINISHED:
      return t`已通过`;
    case APPROVAL_STATUS.REJECT:
      return t`已驳回`;
    default:
      return t`未开始`;
  }
}

/** The comparison of the change as staff read it: its snapshot (before) and its new version (after). */
function ChangeComparisonOfFlow({ flowNo }: { flowNo: string }) {
  const { i18n } = useLingui();
  const detail = useQuery(changeDetailQuery('staff', flowNo, i18n.locale));
  const snapshot = useQuery(changeSnapshotQuery('staff', flowNo, i18n.locale));
  if (detail.isPending || snapshot.isPending) return <PageLoader />;
  if (detail.isError || snapshot.isError) {
    return <Alert color="red">{(detail.error ?? snapshot.error)?.message}</Alert>;
  }
  return <ComparisonView before={snapshot.data.record} after={detail.data.record} sections={sectionsOfCards(detail.data.cards)} labels={snapshot.data.labels} />;
}

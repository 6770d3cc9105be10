import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { Badge, Button, Group, Text } from '@mantine/core';
import type { ChangeRow } from '#domain/supplier-change/requests.ts';
import type { ChangeSide } from '#domain/supplier-change/status.ts';
import { cancelChange, invalidateChange } from '#web/api/supplier-change.ts';
import type { ListColumn } from '#web/components/list-tools/columns.ts';
import { ListTable, type ListTableSource } from '#web/components/list-tools/list-table.tsx';
import { CHANGE_STATUS_COLOR, changeStatusLabel, modifyTypeLabel } from './labels.ts';
import { formatDateTime } from '#web/components/date-time.ts';

export function ChangeStatusBadge({ status }: { status: ChangeRow['status'] }) {
  return (
    <Badge variant="light" color={CHANGE_STATUS_COLOR[status]} data-testid="change-row-status">
      {changeStatusLabel(status)}
    </Badge>
  );
}

/** The change table's columns; the staff list lets its reader hide all but the number (domain/shell/list-preference.ts). */
export function changeColumns(locale: string): ListColumn<'supplier-inner-edit', ChangeRow>[] {
  const time = (iso: string | null) => formatDateTime(iso, locale);
  return [
    { key: 'flowNo', title: t`变更单号`, cell: (r) => r.flowNo },
    { key: 'supplier', title: t`供应商`, cell: (r) => `${r.supplierCode} ${r.supplierName}` },
    {
      key: 'modifyType',
      title: t`修改类型`,
      cell: (r) => (
        <Group gap={4}>
          {modifyTypeLabel(r.modifyType)}
          {r.bankChange && (
            <Badge size="xs" color="orange" variant="outline">
              {t`银行`}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'status', title: t`状态`, cell: (r) => <ChangeStatusBadge status={r.status} /> },
    { key: 'submitter', title: t`提交人`, cell: (r) => r.submitterName },
    { key: 'createdAt', title: t`创建时间`, cell: (r) => time(r.createdAt) },
    { key: 'submittedAt', title: t`提交时间`, cell: (r) => time(r.submittedAt) },
  ];
}

/**
 * The change records of one side (req change §2.2: the supplier-info modify list, the internal edit list):
 * number, supplier, modify type, status, submitter and dates, with the actions the server says the reader
 * may take now (edit, cancel after a confirm) and the side's own links (`extraActions`), paged.
 */
export function ChangeListTable(props: {
  side: ChangeSide;
  /** The columns to show (the staff list's choice, or all of them) and the page. */
  list: ListTableSource<'supplier-inner-edit', ChangeRow>;
  onEdit: (row: ChangeRow) => void;
  extraActions?: (row: ChangeRow) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (flowNo: string) => cancelChange(props.side, flowNo),
    onSuccess: (res, flowNo) => {
      notifications.show({ color: 'green', message: res.message });
      void invalidateChange(queryClient, props.side, flowNo);
    },
  });
  const confirmCancel = (row: ChangeRow) =>
    openConfirmModal({
      title: t`取消变更`,
      children: <Text size="sm">{t`确定取消变更 ${row.flowNo} 吗？取消后不能恢复。`}</Text>,
      labels: { confirm: t`确定`, cancel: t`取消` },
      confirmProps: {
        color: 'red',
        'data-testid': 'change-cancel-confirm',
      } as Record<string, unknown>,
      onConfirm: () => cancel.mutate(row.flowNo),
    });

  return (
    <ListTable
      {...props.list}
      minWidth={960}
      testId="change-list"
      rowKey="flowNo"
      rowAttrs={(r) => ({ 'data-testid': 'change-row', 'data-status': r.status })}
      actions={(r) => (
        <Group gap={4} wrap="nowrap">
          {r.actions.edit && (
            <Button size="compact-xs" variant="subtle" onClick={() => props.onEdit(r)} data-testid="change-edit">
              <Trans>编辑</Trans>
            </Button>
          )}
          {props.extraActions?.(r)}
          {r.actions.cancel && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={cancel.isPending && cancel.variables === r.flowNo}
              onClick={() => confirmCancel(r)}
              data-testid="change-cancel"
            >
              <Trans>取消</Trans>
            </Button>
          )}
        </Group>
      )}
    />
  );
}

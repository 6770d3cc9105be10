import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { ChangeRow } from '#domain/supplier-change/requests.ts';
import type { ChangeSide } from '#domain/supplier-change/status.ts';
import { cancelChange, invalidateChange } from '#web/api/supplier-change.ts';
import type { ListColumn } from '#web/components/list-tools/columns.ts';
import { CHANGE_STATUS_COLOR, changeStatusLabel, modifyTypeLabel } from './labels.ts';

export function ChangeStatusBadge({ status }: { status: ChangeRow['status'] }) {
  return (
    <Badge variant="light" color={CHANGE_STATUS_COLOR[status]} data-testid="change-row-status">
      {changeStatusLabel(status)}
    </Badge>
  );
}

/** The change table's columns; the staff list lets its reader hide all but the number (domain/shell/list-preference.ts). */
export function changeColumns(locale: string): ListColumn<'supplier-inner-edit', ChangeRow>[] {
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale === 'en' ? 'en-GB' : 'zh-CN') : '-');
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
 * The change records of one side (spec 3 §2.2: the supplier-info modify list, the internal edit list):
 * number, supplier, modify type, status, submitter and dates, with the actions the server says the reader
 * may take now (edit, cancel after a confirm) and the side's own links (`extraActions`).
 */
export function ChangeListTable(props: {
  side: ChangeSide;
  rows: readonly ChangeRow[];
  loading: boolean;
  failed: boolean;
  onEdit: (row: ChangeRow) => void;
  extraActions?: (row: ChangeRow) => ReactNode;
  /** The columns to show, in order (the staff list's choice); all of them when not given. */
  columns?: readonly ListColumn<'supplier-inner-edit', ChangeRow>[];
}) {
  const { i18n } = useLingui();
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
  const columns = props.columns ?? changeColumns(i18n.locale);

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped highlightOnHover data-testid="change-list">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} data-column={c.key}>
                {c.title}
              </Table.Th>
            ))}
            <Table.Th>{t`操作`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>
                <Text ta="center" c="dimmed" size="sm">
                  {props.loading ? <Trans>加载中…</Trans> : props.failed ? <Trans>加载失败</Trans> : <Trans>暂无数据</Trans>}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {props.rows.map((r) => (
            <Table.Tr key={r.flowNo} data-testid="change-row" data-flow-no={r.flowNo} data-status={r.status}>
              {columns.map((c) => (
                <Table.Td key={c.key}>{c.cell(r)}</Table.Td>
              ))}
              <Table.Td>
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

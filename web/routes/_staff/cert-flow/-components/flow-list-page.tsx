import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { Anchor, Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { PERMISSIONS } from '#domain/permissions.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import type { FlowListRow } from '#domain/cert-flow/flow-list.ts';
import { exportFlowList, flowListQuery } from '#web/api/cert-flow.ts';
import { wireDay } from '#domain/date-time.ts';
import type { CurrentUser } from '#web/api/auth.ts';
import { ListTable, useListTable, type ListColumn } from '#web/components/list-tools/index.ts';
import { ApplyDrawer } from './apply-drawer.tsx';
import { ChangeLogDialog } from './change-log-dialog.tsx';
import { listQueryOf } from './flow-list-search.ts';
import { FlowQueryForm } from './flow-query-form.tsx';
import { TaskListDrawer } from './task-list-drawer.tsx';
import { AdjustOwnerDialog } from './adjust-owner-dialog.tsx';
import { RequalificationBadge } from '#web/components/requalification-labels.tsx';
import { RowActionButton } from './row-action-button.tsx';
import { useTerminate } from './use-terminate.tsx';
import { DateTimeText } from '#web/components/date-time-text.tsx';

const route = getRouteApi('/_staff/cert-flow/');

const dash = (v: string | null | undefined) => (v ? v : '-');

/** The flow table's columns (keys: domain/shell/list-preference.ts), each hideable but the flow number. */
function flowColumns(openDetail: (row: FlowListRow) => void): ListColumn<'cert-flow', FlowListRow>[] {
  return [
    { key: 'flowNo', title: <Trans>流程编号</Trans>, cell: (row) => row.flowNo },
    {
      key: 'supplierName',
      title: <Trans>供应商名称</Trans>,
      cell: (row) => (
        <Anchor component="button" type="button" onClick={() => openDetail(row)}>
          {row.supplierCode ? `${row.supplierCode} ${row.supplierName}` : row.supplierName}
        </Anchor>
      ),
    },
    { key: 'cmtName', title: 'CMT', cell: (row) => dash(row.cmtName), minWidth: 88 },
    { key: 'categoryNames', title: <Trans>小类</Trans>, cell: (row) => dash(row.categoryNames), minWidth: 100 },
    {
      key: 'certScenario',
      title: <Trans>认证场景</Trans>,
      cell: (row) =>
        row.requalification ? (
          <Group gap={4} wrap="nowrap">
            {dash(row.certScenarioStr)}
            <RequalificationBadge {...row.requalification} />
          </Group>
        ) : (
          dash(row.certScenarioStr)
        ),
    },
    {
      key: 'stage',
      title: <Trans>当前阶段</Trans>,
      // Plain text unless late: the column keeps its width at 1440 px.
      cell: (row) =>
        row.overdue ? (
          <Group gap={4} wrap="nowrap" style={{ whiteSpace: 'nowrap' }}>
            {dash(row.stageStr)}
            <Badge size="sm" color="red" data-testid="flow-overdue">
              <Trans>已超时</Trans>
            </Badge>
          </Group>
        ) : (
          dash(row.stageStr)
        ),
    },
    { key: 'purchaseName', title: <Trans>采购经理</Trans>, cell: (row) => dash(row.purchaseName) },
    { key: 'cmtLeaderName', title: 'CMT Leader', cell: (row) => dash(row.cmtLeaderName) },
    { key: 'startTime', title: <Trans>申请创建时间</Trans>, cell: (row) => <DateTimeText at={row.startTime} /> },
    { key: 'passTime', title: <Trans>申请通过时间</Trans>, cell: (row) => <DateTimeText at={row.passTime} /> },
    {
      key: 'bpm',
      title: <Trans>审批流</Trans>,
      cell: (row) =>
        row.bpmUrl ? (
          <Anchor href={row.bpmUrl} target="_blank" rel="noreferrer" size="sm">
            <Trans>查看</Trans>
          </Anchor>
        ) : (
          '-'
        ),
    },
  ];
}

/**
 * The table fills what a 1366 px screen leaves beside the menu (1366 − 225 − 2 × 16), so every column
 * and header is in view there, in English too with 4 px beside each cell’s text instead of 10;
 * narrower, it scrolls sideways with the operations column kept in view.
 */
const FLOW_TABLE_MIN_WIDTH = 1100;
const FLOW_CELL_SPACING = 4;
/** The four row actions two by two: one row of them took a quarter of the table and hid the columns under it. */
const ACTIONS_TWO_BY_TWO = { display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: 4, justifyItems: 'start' } as const;

/**
 * 认证流程管理 (req flow §2.1): query form, the flow table with paging, and the apply drawer. The applied
 * filters and the page are the route's search params (flow-list-search.ts).
 */
export function FlowListPage({ user }: { user: CurrentUser }) {
  const { i18n } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { currentPage: _page, pageSize, ...filters } = search;
  const [applyOpen, setApplyOpen] = useState(false);
  const [expandOpen, setExpandOpen] = useState(false);
  const [tasksOf, setTasksOf] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState<FlowListRow | null>(null);
  const terminate = useTerminate();
  const flows = useQuery(flowListQuery(listQueryOf(search), i18n.locale));
  // The applied filters, not the page: every matching flow, as the list shows it.
  const exporting = useMutation({
    mutationFn: () => {
      const { currentPage: _c, pageSize: _s, ...query } = listQueryOf(search);
      return exportFlowList(query, `${t`认证流程`}-${wireDay(new Date())}.xlsx`);
    },
  });
  const can = (key: string) => user.permissions.buttons.includes(key);

  function openDetail(row: FlowListRow) {
    if (!row.actions.openDetail.allowed) {
      notifications.show({ color: 'yellow', message: t`该流程未开启，无法进入详情`, autoClose: 3000 });
      return;
    }
    void navigate({ to: '/cert-flow/detail', search: { id: row.flowNo } });
  }

  const list = useListTable('cert-flow', flowColumns(openDetail), {
    query: flows,
    paging: search,
    onPaging: (next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true }),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>
          <Trans>认证流程管理</Trans>
        </Title>
        <Group>
          {can(PERMISSIONS.newApplyRfi) && (
            <Button onClick={() => setApplyOpen(true)}>
              <Trans>新建注册申请</Trans>
            </Button>
          )}
          {can(PERMISSIONS.expandApplyRfi) && (
            <Button variant="light" onClick={() => setExpandOpen(true)}>
              <Trans>扩充供应商品类</Trans>
            </Button>
          )}
        </Group>
      </Group>

      {/* Keyed by what is applied, so a Back to other filters shows them in the form. */}
      <FlowQueryForm
        key={JSON.stringify(filters)}
        applied={filters}
        onApply={(next) => void navigate({ search: { ...next, currentPage: 1, pageSize }, replace: true })}
        actions={
          <Group gap="xs">
            {list.chooser}
            <Button variant="default" loading={exporting.isPending} onClick={() => exporting.mutate()} data-testid="flow-export">
              <Trans>导出</Trans>
            </Button>
          </Group>
        }
      />

      {filters.timeLimit === 'overdue' && (
        <Text size="sm" c="dimmed" data-testid="late-first">
          <Trans>已按超时时长排序：超时最久的在前</Trans>
        </Text>
      )}
      <ListTable
        {...list.table}
        minWidth={FLOW_TABLE_MIN_WIDTH}
        horizontalSpacing={FLOW_CELL_SPACING}
        withTableBorder
        stickyActions
        rowKey="flowNo"
        actions={(row) => (
          <Box style={ACTIONS_TWO_BY_TWO}>
            <Button size="compact-sm" variant="subtle" onClick={() => setTasksOf(row.flowNo)}>
              <Trans>任务</Trans>
            </Button>
            <RowActionButton action={row.actions.operationLog} testId="row-operation-log" onClick={() => setLogOf(row.flowNo)}>
              <Trans>操作日志</Trans>
            </RowActionButton>
            {can(PERMISSIONS.certTermination) && (
              <RowActionButton action={row.actions.terminate} testId="row-terminate" color="red" onClick={() => terminate(row)}>
                <Trans>终止</Trans>
              </RowActionButton>
            )}
            <RowActionButton action={row.actions.adjustOwner} testId="row-adjust-owner" onClick={() => setAdjusting(row)}>
              <Trans>调整负责人</Trans>
            </RowActionButton>
          </Box>
        )}
      />

      <ApplyDrawer opened={applyOpen} onClose={() => setApplyOpen(false)} />
      <ApplyDrawer applyType={2} opened={expandOpen} onClose={() => setExpandOpen(false)} />
      <AdjustOwnerDialog row={adjusting} onClose={() => setAdjusting(null)} />
      <TaskListDrawer flowNo={tasksOf} onClose={() => setTasksOf(null)} />
      <ChangeLogDialog opened={logOf !== null} onClose={() => setLogOf(null)} flowNo={logOf ?? ''} relationType={RELATION_TYPE.CERT_FLOW} />
    </Stack>
  );
}

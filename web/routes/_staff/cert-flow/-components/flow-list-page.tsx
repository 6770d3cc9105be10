import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { PERMISSIONS } from '#domain/permissions.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { canAdjustOwner, canOpenDetail, canTerminate } from '#domain/cert-flow/rules.ts';
import type { FlowListQuery, FlowListRow } from '#domain/cert-flow/flow-list.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { flowListQuery } from '#web/api/cert-flow.ts';
import { dictQuery, scenariosQuery } from '#web/api/reference.ts';
import type { CurrentUser } from '#web/api/auth.ts';
import type { StaffOption } from '#web/api/reference.ts';
import { TablePager } from '#web/components/table-pager.tsx';
import { ApplyDrawer } from './apply-drawer.tsx';
import { ChangeLogDialog } from './change-log-dialog.tsx';
import { TaskListDrawer } from './task-list-drawer.tsx';
import { AdjustOwnerDialog } from './adjust-owner-dialog.tsx';
import { useTerminate } from './use-terminate.tsx';
import { StaffSelect } from './staff-select.tsx';

type Filters = Omit<FlowListQuery, 'currentPage' | 'pageSize'>;

const dash = (v: string | null | undefined) => (v ? v : '-');
const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '-');

/** 认证流程管理 (spec 2 §2.1): query form, the flow table with paging, and the apply drawer. */
export function FlowListPage({ user }: { user: CurrentUser }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Filters>({});
  // The searchable people of the query form keep their names for display; the query sends job numbers.
  const [purchaser, setPurchaser] = useState<StaffOption | null>(null);
  const [leader, setLeader] = useState<StaffOption | null>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [applyOpen, setApplyOpen] = useState(false);
  const [expandOpen, setExpandOpen] = useState(false);
  const [tasksOf, setTasksOf] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState<FlowListRow | null>(null);
  const terminate = useTerminate();
  const list = useQuery(flowListQuery({ ...filters, ...page }, i18n.locale));
  const stages = useQuery(dictQuery('fri_cert_stage', i18n.locale));
  const scenarios = useQuery(scenariosQuery(1, i18n.locale));
  const can = (key: string) => user.permissions.buttons.includes(key);

  function openDetail(row: FlowListRow) {
    if (!canOpenDetail({ stage: row.stage, passTime: row.passTime })) {
      notifications.show({ color: 'yellow', message: t`该流程未开启，无法进入详情`, autoClose: 3000 });
      return;
    }
    void navigate({ href: flowDetailPath(row.flowNo) });
  }

  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;
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

      <Paper withBorder p="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setFilters(draft);
            setPage((p) => ({ ...p, currentPage: 1 }));
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput label={<Trans>流程编号</Trans>} value={draft.flowNo ?? ''} onChange={(e) => setDraft({ ...draft, flowNo: e.currentTarget.value || undefined })} />
            <TextInput label={<Trans>供应商名称</Trans>} value={draft.supplierName ?? ''} onChange={(e) => setDraft({ ...draft, supplierName: e.currentTarget.value || undefined })} />
            <TextInput label={<Trans>CMT名称</Trans>} value={draft.cmtName ?? ''} onChange={(e) => setDraft({ ...draft, cmtName: e.currentTarget.value || undefined })} />
            <TextInput label={<Trans>小类名称</Trans>} value={draft.categoryNames ?? ''} onChange={(e) => setDraft({ ...draft, categoryNames: e.currentTarget.value || undefined })} />
            <StaffSelect
              label={<Trans>采购经理</Trans>}
              value={purchaser}
              onChange={(v) => {
                setPurchaser(v);
                setDraft({ ...draft, purchaseJobNumber: v?.jobNumber });
              }}
            />
            <StaffSelect
              label="CMT Leader"
              value={leader}
              onChange={(v) => {
                setLeader(v);
                setDraft({ ...draft, cmtLeader: v?.jobNumber });
              }}
            />
            <Select
              label={<Trans>认证场景</Trans>}
              clearable
              data={(scenarios.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
              value={draft.certScenario ?? null}
              onChange={(v) => setDraft({ ...draft, certScenario: v ?? undefined })}
            />
            <Select
              label={<Trans>当前阶段</Trans>}
              clearable
              data={(stages.data ?? []).map((d) => ({ value: d.dictKey, label: d.dictValue }))}
              value={draft.stage === undefined ? null : String(draft.stage)}
              onChange={(v) => setDraft({ ...draft, stage: v === null ? undefined : Number(v) })}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button
              variant="default"
              onClick={() => {
                setDraft({});
                setPurchaser(null);
                setLeader(null);
                setFilters({});
                setPage((p) => ({ ...p, currentPage: 1 }));
              }}
            >
              <Trans>重置</Trans>
            </Button>
            <Button type="submit">
              <Trans>查询</Trans>
            </Button>
          </Group>
        </form>
      </Paper>

      <Table.ScrollContainer minWidth={1350}>
        <Table striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans>流程编号</Trans></Table.Th>
              <Table.Th><Trans>供应商名称</Trans></Table.Th>
              <Table.Th>CMT</Table.Th>
              <Table.Th><Trans>小类</Trans></Table.Th>
              <Table.Th><Trans>认证场景</Trans></Table.Th>
              <Table.Th><Trans>当前阶段</Trans></Table.Th>
              <Table.Th><Trans>采购经理</Trans></Table.Th>
              <Table.Th>CMT Leader</Table.Th>
              <Table.Th><Trans>申请创建时间</Trans></Table.Th>
              <Table.Th><Trans>申请通过时间</Trans></Table.Th>
              <Table.Th><Trans>审批流</Trans></Table.Th>
              <Table.Th><Trans>操作</Trans></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((row) => (
              <Table.Tr key={row.flowNo} data-flow-no={row.flowNo}>
                <Table.Td>{row.flowNo}</Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => openDetail(row)}>
                    {row.supplierCode ? `${row.supplierCode} ${row.supplierName}` : row.supplierName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{dash(row.cmtName)}</Table.Td>
                <Table.Td>{dash(row.categoryNames)}</Table.Td>
                <Table.Td>{dash(row.certScenarioStr)}</Table.Td>
                <Table.Td>{dash(row.stageStr)}</Table.Td>
                <Table.Td>{dash(row.purchaseName)}</Table.Td>
                <Table.Td>{dash(row.cmtLeaderName)}</Table.Td>
                <Table.Td>{formatTime(row.startTime)}</Table.Td>
                <Table.Td>{formatTime(row.passTime)}</Table.Td>
                <Table.Td>
                  {row.bpmUrl ? (
                    <Anchor href={row.bpmUrl} target="_blank" rel="noreferrer" size="sm">
                      <Trans>查看</Trans>
                    </Anchor>
                  ) : (
                    '-'
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-sm" variant="subtle" onClick={() => setTasksOf(row.flowNo)}>
                      <Trans>任务</Trans>
                    </Button>
                    <Button size="compact-sm" variant="subtle" onClick={() => setLogOf(row.flowNo)}>
                      <Trans>操作日志</Trans>
                    </Button>
                    {can(PERMISSIONS.certTermination) && (
                      <Button size="compact-sm" variant="subtle" color="red" disabled={!canTerminate(row)} onClick={() => terminate(row)}>
                        <Trans>终止</Trans>
                      </Button>
                    )}
                    <Button size="compact-sm" variant="subtle" disabled={!canAdjustOwner(row)} onClick={() => setAdjusting(row)}>
                      <Trans>调整负责人</Trans>
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {!list.isLoading && records.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={12}>
                  <Text c="dimmed" ta="center" py="lg">
                    <Trans>暂无数据</Trans>
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <TablePager
        total={total}
        page={page.currentPage}
        pageSize={page.pageSize}
        onPage={(n) => setPage((p) => ({ ...p, currentPage: n }))}
        onPageSize={(pageSize) => setPage({ currentPage: 1, pageSize })}
      />

      <ApplyDrawer opened={applyOpen} onClose={() => setApplyOpen(false)} />
      <ApplyDrawer applyType={2} opened={expandOpen} onClose={() => setExpandOpen(false)} />
      <AdjustOwnerDialog row={adjusting} onClose={() => setAdjusting(null)} />
      <TaskListDrawer flowNo={tasksOf} onClose={() => setTasksOf(null)} />
      <ChangeLogDialog opened={logOf !== null} onClose={() => setLogOf(null)} flowNo={logOf ?? ''} relationType={RELATION_TYPE.CERT_FLOW} />
    </Stack>
  );
}

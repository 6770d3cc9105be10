import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { PERMISSIONS } from '#domain/permissions.ts';
import { CONFIG_MODE, SCENARIO_STATUS, SCENARIO_TYPE_CODES, type ScenarioRow } from '#domain/scenario/scenario-config.ts';
import type { CurrentUser } from '#web/api/auth.ts';
import { referenceKeys } from '#web/api/reference.ts';
import { deleteScenario, scenarioKeys, scenarioListQuery } from '#web/api/scenario-config.ts';
import { ListTable, OptionSelect, QueryForm, useListQueryForm, useListTable, type ListColumn } from '#web/components/list-tools/index.ts';
import { typeName } from './names.ts';

const route = getRouteApi('/_staff/scenario-config/');

export function StatusBadge({ status }: { status: number }) {
  if (status === SCENARIO_STATUS.APPLIED) return <Badge color="green">{t`已应用`}</Badge>;
  if (status === SCENARIO_STATUS.RETIRED) return <Badge color="gray">{t`已停用`}</Badge>;
  return <Badge color="yellow">{t`草稿`}</Badge>;
}

/**
 * 场景配置 (req scenario §2.5): every scenario with the version new flows get and its running flows;
 * create, edit, view/apply and delete (retire once flows have used it).
 */
export function ScenarioListPage({ user }: { user: CurrentUser }) {
  const { i18n } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { currentPage: _page, pageSize, ...filters } = search;
  const form = useListQueryForm(filters, (next) => void navigate({ search: { ...next, currentPage: 1, pageSize } }));
  const go = useNavigate();
  const open = (mode: 0 | 1 | 2, code?: string) => void go({ to: '/scenario-config/edit', search: { code, mode } });
  const queryClient = useQueryClient();
  const scenarios = useQuery(scenarioListQuery(search, i18n.locale));
  const columns: ListColumn<'scenario-config', ScenarioRow>[] = [
    { key: 'name', title: <Trans>场景名称</Trans>, cell: (row) => row.name },
    { key: 'scenarioType', title: <Trans>场景类型</Trans>, cell: (row) => typeName(row.scenarioType, i18n.locale) },
    { key: 'status', title: <Trans>状态</Trans>, cell: (row) => <StatusBadge status={row.status} /> },
    {
      key: 'appliedVersion',
      title: <Trans>新流程使用版本</Trans>,
      cell: (row) => (
        <span data-testid="scenario-applied-version">
          {row.appliedVersion ? `v${row.appliedVersion}` : '-'}
          {row.latestVersion !== row.appliedVersion && (
            <Text span size="xs" c="dimmed">
              {' '}
              ({t`草稿`} v{row.latestVersion})
            </Text>
          )}
        </span>
      ),
    },
    { key: 'nodeCount', title: <Trans>节点数</Trans>, cell: (row) => row.nodeCount },
    { key: 'runningFlows', title: <Trans>进行中流程</Trans>, cell: (row) => row.runningFlows },
  ];
  const list = useListTable('scenario-config', columns, {
    query: scenarios,
    paging: search,
    onPaging: (next) => void navigate({ search: (prev) => ({ ...prev, ...next }) }),
  });
  const canEdit = user.permissions.buttons.includes(PERMISSIONS.certProcessManageAll);

  const remove = useMutation({
    mutationFn: deleteScenario,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: scenarioKeys.all });
      void queryClient.invalidateQueries({ queryKey: referenceKeys.all });
    },
  });
  const confirmDelete = (row: ScenarioRow) =>
    openConfirmModal({
      title: t`删除场景`,
      children: <Text size="sm">{t`确定删除场景「${row.name}」吗？已有流程使用的场景将停用而不删除。`}</Text>,
      labels: { confirm: t`删除`, cancel: t`取消` },
      confirmProps: { color: 'red', 'data-testid': 'scenario-delete-confirm' },
      onConfirm: () => remove.mutate(row.code),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>
          <Trans>场景配置</Trans>
        </Title>
        <Group gap="xs">
          <Button variant="default" renderRoot={(props) => <Link {...props} to="/scenario-config/requalification" />} data-testid="requalification-policies">
            <Trans>认证规则</Trans>
          </Button>
          <Button variant="default" renderRoot={(props) => <Link {...props} to="/scenario-config/vda-catalogue" />} data-testid="vda-catalogue-entry">
            <Trans>VDA 6.3 问题目录</Trans>
          </Button>
          {canEdit && (
            <Button onClick={() => open(CONFIG_MODE.NEW)} data-testid="scenario-new">
              <Trans>新建场景</Trans>
            </Button>
          )}
        </Group>
      </Group>
      <QueryForm
        {...form.actions}
        actions={list.chooser}
        items={[
          form.item('name', <TextInput label={<Trans>场景名称</Trans>} {...form.text('name')} />),
          form.item('scenarioType', <OptionSelect label={<Trans>场景类型</Trans>} options={SCENARIO_TYPE_CODES} optionLabel={(code) => typeName(code, i18n.locale)} {...form.choice('scenarioType')} />),
        ]}
      />
      <ListTable
        {...list.table}
        withTableBorder
        testId="scenario-table"
        rowKey="code"
        rowAttrs={(row) => ({ 'data-testid': `scenario-row-${row.code}` })}
        actions={(row) => (
          <Group gap="xs" wrap="nowrap">
            {canEdit && row.status !== SCENARIO_STATUS.RETIRED && (
              <Anchor component="button" type="button" size="sm" onClick={() => open(CONFIG_MODE.EDIT, row.code)} data-testid="scenario-edit">
                <Trans>编辑</Trans>
              </Anchor>
            )}
            <Anchor component="button" type="button" size="sm" onClick={() => open(CONFIG_MODE.APPLY, row.code)} data-testid="scenario-view">
              {canEdit && row.status !== SCENARIO_STATUS.RETIRED ? <Trans>查看/应用</Trans> : <Trans>查看</Trans>}
            </Anchor>
            {canEdit && row.status !== SCENARIO_STATUS.RETIRED && (
              <Anchor component="button" type="button" c="red" size="sm" onClick={() => confirmDelete(row)} data-testid="scenario-delete">
                <Trans>删除</Trans>
              </Anchor>
            )}
          </Group>
        )}
      />
    </Stack>
  );
}

import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { PERMISSIONS } from '#domain/permissions.ts';
import { CONFIG_MODE, SCENARIO_STATUS, type ScenarioRow } from '#domain/scenario/scenario-config.ts';
import type { CurrentUser } from '#web/api/auth.ts';
import { referenceKeys } from '#web/api/reference.ts';
import { deleteScenario, scenarioKeys, scenarioListQuery } from '#web/api/scenario-config.ts';
import { TablePager } from '#web/components/table-pager.tsx';
import { typeName } from './names.ts';

const route = getRouteApi('/_staff/scenario-config/');

export function StatusBadge({ status }: { status: number }) {
  if (status === SCENARIO_STATUS.APPLIED) return <Badge color="green">{t`已应用`}</Badge>;
  if (status === SCENARIO_STATUS.RETIRED) return <Badge color="gray">{t`已停用`}</Badge>;
  return <Badge color="yellow">{t`草稿`}</Badge>;
}

/**
 * 场景配置 (spec 3 §2.5): every scenario with the version new flows get and its running flows;
 * create, edit, view/apply and delete (retire once flows have used it).
 */
export function ScenarioListPage({ user }: { user: CurrentUser }) {
  const { i18n } = useLingui();
  const { currentPage, pageSize } = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const open = (mode: 0 | 1 | 2, code?: string) => void go({ to: '/scenario-config/edit', search: { code, mode } });
  const queryClient = useQueryClient();
  const list = useQuery(scenarioListQuery({ currentPage, pageSize }, i18n.locale));
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
    modals.openConfirmModal({
      title: t`删除场景`,
      children: <Text size="sm">{t`确定删除场景「${row.name}」吗？已有流程使用的场景将停用而不删除。`}</Text>,
      labels: { confirm: t`删除`, cancel: t`取消` },
      confirmProps: { color: 'red', 'data-testid': 'scenario-delete-confirm' },
      onConfirm: () => remove.mutate(row.code),
    });

  const records = list.data?.records ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>
          <Trans>场景配置</Trans>
        </Title>
        {canEdit && (
          <Button onClick={() => open(CONFIG_MODE.NEW)} data-testid="scenario-new">
            <Trans>新建场景</Trans>
          </Button>
        )}
      </Group>
      <Table striped withTableBorder data-testid="scenario-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>场景名称</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>场景类型</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>状态</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>新流程使用版本</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>节点数</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>进行中流程</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>操作</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((row) => (
            <Table.Tr key={row.code} data-testid={`scenario-row-${row.code}`}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>{typeName(row.scenarioType, i18n.locale)}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <Table.Td data-testid="scenario-applied-version">
                {row.appliedVersion ? `v${row.appliedVersion}` : '-'}
                {row.latestVersion !== row.appliedVersion && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({t`草稿`} v{row.latestVersion})
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{row.nodeCount}</Table.Td>
              <Table.Td>{row.runningFlows}</Table.Td>
              <Table.Td>
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
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TablePager
        total={list.data?.total ?? 0}
        page={currentPage}
        pageSize={pageSize}
        onPage={(p) => void navigate({ search: (s) => ({ ...s, currentPage: p }) })}
        onPageSize={(n) => void navigate({ search: { currentPage: 1, pageSize: n } })}
      />
    </Stack>
  );
}

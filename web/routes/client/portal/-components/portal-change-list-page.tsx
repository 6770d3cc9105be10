import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { changePageQuery, changeStatusQuery, type ChangeListSearch } from '#web/api/supplier-change.ts';
import { ChangeListTable, ChangeStatusBadge, changeColumns } from '#web/supplier-change/change-list-table.tsx';
import { PortalFrame } from './portal-frame.tsx';

/**
 * The supplier's information changes (req change §2.2): the running one, if any (one at a time), the entry to
 * change its information when none runs, and its change records with status, edit and cancel.
 */
export function PortalChangeListPage({ search }: { search: Pick<ChangeListSearch, 'currentPage' | 'pageSize'> }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const status = useQuery(changeStatusQuery('supplier', ''));
  const page = useQuery(
    changePageQuery(
      'supplier',
      {
        ...search,
        supplier: undefined,
        flowNo: undefined,
        modifyType: undefined,
        status: undefined,
      },
      i18n.locale,
    ),
  );
  const go = (next: Partial<ChangeListSearch>) =>
    void navigate({
      to: '/client/portal/supplier-info',
      search: { ...search, ...next },
    });
  const running = status.data?.flowNo ? status.data : null;
  return (
    <PortalFrame title={<Trans>信息变更</Trans>}>
      <Stack>
        <Paper withBorder p="md">
          <Group justify="space-between">
            <Stack gap={2}>
              <Title order={5}>
                <Trans>修改我的信息</Trans>
              </Title>
              <Text size="sm" c="dimmed">
                <Trans>公司、联系人、银行、开票及工厂信息的变更，经采购审批后生效；银行信息变更须两位审批人通过。</Trans>
              </Text>
            </Stack>
            <Button
              onClick={() =>
                void navigate({
                  to: '/client/portal/supplier-info/edit',
                  search: {},
                })
              }
              disabled={!status.data?.canStart}
              data-testid="portal-change-new"
            >
              <Trans>修改我的信息</Trans>
            </Button>
          </Group>
          {running && (
            <Alert mt="sm" color="blue" data-testid="portal-change-running">
              <Group gap="xs">
                <Trans>进行中的变更</Trans>
                <Text span fw={600}>
                  {running.flowNo}
                </Text>
                {running.status && <ChangeStatusBadge status={running.status} />}
                {running.side === 'supplier' && (running.status === 'saved' || running.status === 'rejected') && (
                  <Anchor
                    size="sm"
                    renderRoot={(props) => <Link {...props} to="/client/portal/supplier-info/edit" search={{ flowNo: running.flowNo ?? '' }} />}
                  >
                    <Trans>继续编辑</Trans>
                  </Anchor>
                )}
              </Group>
            </Alert>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={5} mb="sm">
            <Trans>变更记录</Trans>
          </Title>
          <ChangeListTable
            side="supplier"
            list={{ columns: changeColumns(i18n.locale), ready: true, query: page, paging: search, onPaging: go }}
            onEdit={(r) =>
              void navigate({
                to: '/client/portal/supplier-info/edit',
                search: { flowNo: r.flowNo },
              })
            }
          />
        </Paper>
      </Stack>
    </PortalFrame>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { CurrentUser } from '#domain/identity.ts';
import { PERF_PLAN_STATUS, PERF_PLAN_STATUS_NAMES, type PerfPlanStatus } from '#domain/performance/model.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { perfKeys, planPageQuery, startPlan, type PlanListSearch } from '#web/api/performance.ts';
import { TablePager } from '#web/components/table-pager.tsx';

/** The performance plan list (spec 3 §2.4): name, period, index system version, suppliers, status, deadline, owner. */
export function PlanListPage({ user, search }: { user: CurrentUser; search: PlanListSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [text, setText] = useState(search.keyword ?? '');
  const page = useQuery(planPageQuery(search, i18n.locale));
  const go = (next: Partial<PlanListSearch>) => void navigate({ to: '/performance-plan', search: { ...search, ...next } });
  const locale = i18n.locale === 'en' ? 'en' : 'zh';
  const rows = page.data?.records ?? [];
  const queryClient = useQueryClient();
  // Starting opens the round's review tasks; the owner follows it on the round's summary page.
  const start = useMutation({
    mutationFn: startPlan,
    onSuccess: async (_, planNo) => {
      await queryClient.invalidateQueries({ queryKey: perfKeys.all });
      void navigate({ to: '/assessment/summary', search: { planNo } });
    },
  });
  return (
    <Stack>
      <Card withBorder>
        <Group align="flex-end">
          <TextInput label={t`计划`} placeholder={t`计划名称或编号`} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <Select
            label={t`状态`}
            clearable
            data={PERF_PLAN_STATUS.map((s) => ({ value: s, label: PERF_PLAN_STATUS_NAMES[s][locale] }))}
            value={search.status ?? null}
            onChange={(v) => go({ status: (v as PerfPlanStatus | null) ?? undefined, currentPage: 1 })}
          />
          <Button onClick={() => go({ keyword: text || undefined, currentPage: 1 })}>
            <Trans>查询</Trans>
          </Button>
          {user.permissions.buttons.includes(PERMISSIONS.performanceManage) && (
            <Button ml="auto" component={Link} to="/performance-plan/form" data-testid="plan-new">
              <Trans>新建绩效计划</Trans>
            </Button>
          )}
        </Group>
      </Card>
      <Card withBorder>
        <Table striped highlightOnHover data-testid="plan-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`计划编号`}</Table.Th>
              <Table.Th>{t`计划名称`}</Table.Th>
              <Table.Th>{t`周期`}</Table.Th>
              <Table.Th>{t`指标体系`}</Table.Th>
              <Table.Th>{t`供应商数`}</Table.Th>
              <Table.Th>{t`状态`}</Table.Th>
              <Table.Th>{t`截止时间`}</Table.Th>
              <Table.Th>{t`负责人`}</Table.Th>
              <Table.Th>{t`操作`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text ta="center" c="dimmed" size="sm">
                    {page.isLoading ? <Trans>加载中…</Trans> : page.isError ? <Trans>加载失败</Trans> : <Trans>暂无数据</Trans>}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((r) => (
              <Table.Tr key={r.planNo} data-plan-no={r.planNo}>
                <Table.Td>
                  <Link to="/performance-plan/form" search={{ planNo: r.planNo }}>
                    {r.planNo}
                  </Link>
                </Table.Td>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{r.period}</Table.Td>
                <Table.Td>
                  {r.systemName} V{r.version}
                </Table.Td>
                <Table.Td>{r.supplierCount}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{r.statusName}</Badge>
                </Table.Td>
                <Table.Td>{new Date(r.deadline).toLocaleString(locale === 'en' ? 'en-GB' : 'zh-CN')}</Table.Td>
                <Table.Td>{r.owner}</Table.Td>
                <Table.Td>
                  {r.actions.start && (
                    <Button size="xs" variant="light" data-testid="plan-start" loading={start.isPending && start.variables === r.planNo} onClick={() => start.mutate(r.planNo)}>
                      <Trans>启动评审</Trans>
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <TablePager
          total={page.data?.total ?? 0}
          page={search.currentPage}
          pageSize={search.pageSize}
          onPage={(currentPage) => go({ currentPage })}
          onPageSize={(pageSize) => go({ pageSize, currentPage: 1 })}
        />
      </Card>
    </Stack>
  );
}

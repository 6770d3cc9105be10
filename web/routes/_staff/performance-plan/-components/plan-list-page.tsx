import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Anchor, Badge, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import type { CurrentUser } from '#domain/identity.ts';
import type { PlanRow } from '#domain/performance/plan.ts';
import { PERF_PLAN_STATUS, PERF_PLAN_STATUS_NAMES } from '#domain/performance/model.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { perfKeys, planPageQuery, startPlan, type PlanListSearch } from '#web/api/performance.ts';
import { ListTable, OptionSelect, QueryForm, useListQueryForm, useListTable, type ListColumn } from '#web/components/list-tools/index.ts';
import { formatDateTime } from '#web/components/date-time.ts';

/** The performance plan list (req performance §2.4): name, period, index system version, suppliers, status, deadline, owner. */
export function PlanListPage({ user, search }: { user: CurrentUser; search: PlanListSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const page = useQuery(planPageQuery(search, i18n.locale));
  const go = (next: Partial<PlanListSearch>) => void navigate({ to: '/performance-plan', search: { ...search, ...next } });
  const { currentPage: _page, pageSize, ...filters } = search;
  const form = useListQueryForm(filters, (next) => void navigate({ to: '/performance-plan', search: { ...next, currentPage: 1, pageSize } }));
  const locale = i18n.locale === 'en' ? 'en' : 'zh';
  const columns: ListColumn<'performance-plan', PlanRow>[] = [
    {
      key: 'planNo',
      title: t`计划编号`,
      cell: (r) => (
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/performance-plan/form" search={{ planNo: r.planNo }} />}>
          {r.planNo}
        </Anchor>
      ),
    },
    { key: 'name', title: t`计划名称`, cell: (r) => r.name },
    { key: 'period', title: t`周期`, cell: (r) => r.period },
    { key: 'system', title: t`指标体系`, cell: (r) => `${r.systemName} V${r.version}` },
    { key: 'supplierCount', title: t`供应商数`, cell: (r) => r.supplierCount },
    { key: 'status', title: t`状态`, cell: (r) => <Badge variant="light">{r.statusName}</Badge> },
    { key: 'deadline', title: t`截止时间`, cell: (r) => formatDateTime(r.deadline, locale) },
    { key: 'owner', title: t`负责人`, cell: (r) => r.owner },
  ];
  const list = useListTable('performance-plan', columns, { query: page, paging: search, onPaging: go });
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
      <QueryForm
        {...form.actions}
        actions={
          <>
            {list.chooser}
            {user.permissions.buttons.includes(PERMISSIONS.performanceManage) && (
              <Button component={Link} to="/performance-plan/form" data-testid="plan-new">
                <Trans>新建绩效计划</Trans>
              </Button>
            )}
          </>
        }
        items={[
          form.item('keyword', <TextInput label={t`计划`} placeholder={t`计划名称或编号`} {...form.text('keyword')} />),
          form.item('status', <OptionSelect label={t`状态`} options={PERF_PLAN_STATUS} optionLabel={(s) => PERF_PLAN_STATUS_NAMES[s][locale]} {...form.choice('status')} />),
        ]}
      />
      <Card withBorder>
        <ListTable
          {...list.table}
          testId="plan-list"
          rowKey="planNo"
          actions={(r) => (
            <Group gap="xs" wrap="nowrap">
              {r.actions.start && (
                <Button size="xs" variant="light" data-testid="plan-start" loading={start.isPending && start.variables === r.planNo} onClick={() => start.mutate(r.planNo)}>
                  <Trans>启动评审</Trans>
                </Button>
              )}
              {r.actions.summary && (
                <Button size="xs" variant="light" onClick={() => void navigate({ to: '/assessment/summary', search: { planNo: r.planNo } })} data-testid="plan-summary">
                  <Trans>评审统计与汇总</Trans>
                </Button>
              )}
            </Group>
          )}
        />
      </Card>
    </Stack>
  );
}

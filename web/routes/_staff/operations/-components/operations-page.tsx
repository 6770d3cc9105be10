import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Alert, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { monthsOf, periodOf, PERIOD_MONTHS_MAX } from '#domain/dashboard/dashboard.ts';
import { wireDay } from '#domain/date-time.ts';
import { dashboardQuery } from '#web/api/dashboard.ts';
import { cmtsQuery, scenariosQuery, smallCategoriesQuery } from '#web/api/reference.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import type { OperationsSearch } from '../index.tsx';
import { CertificatesCard, GradesCard, MonthlyCard, NodeTimesCard, OpenFlowsCard, OverdueCard } from './figure-cards.tsx';
import { useFlowListLink } from './flow-list-link.ts';

/**
 * 运营看板 (docs/decisions/0057-operations-dashboard.md): the figures of the flows the caller may see, narrowed by the
 * filters in the address; every card links to the list it summarises with the same filters.
 */
export function OperationsPage({ search }: { search: OperationsSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const dashboard = useQuery(dashboardQuery(search, i18n.locale));
  const cmts = useQuery(cmtsQuery(i18n.locale));
  const [categorySearch, setCategorySearch] = useState('');
  const categories = useQuery(smallCategoriesQuery(categorySearch, i18n.locale));
  const scenarios = [useQuery(scenariosQuery(1, i18n.locale)).data ?? [], useQuery(scenariosQuery(2, i18n.locale)).data ?? []].flat();
  const set = (next: Partial<OperationsSearch>) => void navigate({ to: '/operations', search: { ...search, ...next }, replace: true });
  const cmtName = cmts.data?.find((c) => c.cmtCode === search.cmtCode)?.cmtName;
  const categoryName = categories.data?.find((c) => c.categoryCode === search.categoryCode)?.categoryName;
  const data = dashboard.data;
  const link = useFlowListLink(search, data?.scope, { cmtName, categoryName });

  // The months a period may start or end with: the last three years up to this month.
  const thisMonth = wireDay(new Date()).slice(0, 7);
  const [year, month] = thisMonth.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - PERIOD_MONTHS_MAX, 1)).toISOString().slice(0, 7);
  const months = monthsOf(first, thisMonth).reverse();
  const period = data?.period ?? periodOf(search, new Date());

  return (
    <Stack data-testid="operations-dashboard">
      <Title order={3}>
        <Trans>运营看板</Trans>
      </Title>
      <Group align="end" wrap="wrap" gap="sm">
        <Select
          label={<Trans>认证场景</Trans>}
          clearable
          w={180}
          data={[...new Map(scenarios.map((s) => [s.code, s.name]))].map(([value, label]) => ({ value, label }))}
          value={search.certScenario ?? null}
          onChange={(v) => set({ certScenario: v ?? undefined })}
        />
        <Select
          label="CMT"
          clearable
          w={200}
          data={(cmts.data ?? []).map((c) => ({ value: c.cmtCode, label: c.cmtName }))}
          value={search.cmtCode ?? null}
          onChange={(v) => set({ cmtCode: v ?? undefined })}
        />
        <Select
          label={<Trans>小类</Trans>}
          clearable
          searchable
          w={200}
          data={(categories.data ?? []).map((c) => ({ value: c.categoryCode, label: c.categoryName }))}
          searchValue={categorySearch}
          onSearchChange={setCategorySearch}
          value={search.categoryCode ?? null}
          onChange={(v) => set({ categoryCode: v ?? undefined })}
        />
        <Select label={<Trans>起始月份</Trans>} w={130} data={months} value={period.from} onChange={(v) => set({ from: v ?? undefined })} allowDeselect={false} />
        <Select label={<Trans>截止月份</Trans>} w={130} data={months} value={period.to} onChange={(v) => set({ to: v ?? undefined })} allowDeselect={false} />
      </Group>
      {data?.scope.kind === 'cmtLeader' && (
        <Text size="sm" c="dimmed">
          <Trans>统计您作为 CMT Leader 负责的流程。</Trans>
        </Text>
      )}
      {data?.scope.kind === 'purchaseManager' && (
        <Text size="sm" c="dimmed">
          <Trans>统计您作为采购经理负责的流程。</Trans>
        </Text>
      )}
      {dashboard.isError && <Alert color="red">{dashboard.error instanceof Error ? dashboard.error.message : t`加载失败`}</Alert>}
      {!data ? (
        <PageLoader />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <OpenFlowsCard rows={data.openByNode} link={link} />
          <OverdueCard overdue={data.overdue} link={link} />
          <NodeTimesCard rows={data.nodeTimes} link={link} />
          <MonthlyCard rows={data.monthly} link={link} />
          <CertificatesCard certificates={data.certificatesEnding} />
          <GradesCard grades={data.grades} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { createLink, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Badge, Card, Group, Table, Text, Title, type AnchorProps } from '@mantine/core';
import type { DashboardView } from '#domain/dashboard/dashboard.ts';
import { dictQuery } from '#web/api/reference.ts';
import { DateTimeText } from '#web/components/date-time-text.tsx';
import type { FlowListLink } from './flow-list-link.ts';

const CHART_HEIGHT = 240;
/** Counts are whole: no 0.25 on the axis; one bar does not fill the card. */
const COUNT_AXIS = { yAxisProps: { allowDecimals: false }, maxBarWidth: 48 } as const;
const FIRST_PAGE = { currentPage: 1, pageSize: 20 };

/** Mantine's anchor as a router link: typed routes and search, client-side navigation. */
const LinkAnchor = createLink(forwardRef<HTMLAnchorElement, AnchorProps & ComponentPropsWithoutRef<'a'>>((props, ref) => <Anchor ref={ref} size="sm" {...props} />));
/** A link to the flow list with a figure's filters. */
const ListLink = ({ search, children, testId }: { search: ReturnType<FlowListLink>; children: ReactNode; testId?: string }) => (
  <LinkAnchor to="/cert-flow" search={search} data-testid={testId}>
    {children}
  </LinkAnchor>
);

/** A card of the dashboard: its title, the link to the list it summarises, its figure. */
function FigureCard({ title, more, testId, children }: { title: ReactNode; more?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" data-testid={testId} miw={0}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={5}>{title}</Title>
        {more}
      </Group>
      {children}
    </Card>
  );
}

const Empty = () => (
  <Text c="dimmed" size="sm" py="lg" ta="center">
    <Trans>暂无数据</Trans>
  </Text>
);

/** Running flows by open node (bars), with each stage's total linking to the list of that stage. */
export function OpenFlowsCard({ rows, link }: { rows: DashboardView['openByNode']; link: FlowListLink }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const stages = useQuery(dictQuery('fri_cert_stage', i18n.locale));
  const stageName = (stage: number) => stages.data?.find((d) => Number(d.dictKey) === stage)?.dictValue ?? String(stage);
  const byStage = [...new Set(rows.map((r) => r.stage))].map((stage) => ({ stage, count: rows.filter((r) => r.stage === stage).reduce((s, r) => s + r.count, 0) }));
  return (
    <FigureCard title={<Trans>进行中的流程（按阶段与节点）</Trans>} testId="open-flows" more={<ListLink search={link()}>{t`流程列表`}</ListLink>}>
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <>
          <BarChart
            h={CHART_HEIGHT}
            data={rows.map((r) => ({ node: r.nodeName, count: r.count, stage: r.stage }))}
            dataKey="node"
            {...COUNT_AXIS}
            series={[{ name: 'count', label: t`流程数`, color: 'blue.6' }]}
            barProps={{ cursor: 'pointer', onClick: (bar: { payload?: { stage?: number } }) => void navigate({ to: '/cert-flow', search: link({ stage: bar.payload?.stage }) }) }}
          />
          <Group gap="xs" mt="sm">
            {byStage.map((s) => (
              <ListLink key={s.stage} search={link({ stage: s.stage })} testId={`open-stage-${s.stage}`}>
                {stageName(s.stage)} {s.count}
              </ListLink>
            ))}
          </Group>
        </>
      )}
    </FigureCard>
  );
}

/** Open nodes past their limit, most overdue first, each opening its flow. */
export function OverdueCard({ overdue, link }: { overdue: DashboardView['overdue']; link: FlowListLink }) {
  return (
    <FigureCard
      title={
        <Group gap="xs">
          <Trans>超时节点</Trans>
          <Badge color={overdue.total ? 'red' : 'gray'}>{overdue.more ? `${overdue.total}+` : overdue.total}</Badge>
        </Group>
      }
      testId="overdue-nodes"
      more={<ListLink search={link({ timeLimit: 'overdue' })}>{t`全部超时流程`}</ListLink>}
    >
      {overdue.rows.length === 0 ? (
        <Empty />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>供应商名称</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>节点</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>截止时间</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>超时（工作日）</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>采购经理</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {overdue.rows.map((r) => (
                <Table.Tr key={r.flowNo} data-flow-no={r.flowNo}>
                  <Table.Td>
                    <LinkAnchor to="/cert-flow/detail" search={{ id: r.flowNo }}>
                      {r.supplierName}
                    </LinkAnchor>
                  </Table.Td>
                  <Table.Td>{r.nodeName}</Table.Td>
                  <Table.Td>
                    <DateTimeText at={r.dueAt} />
                  </Table.Td>
                  <Table.Td c="red">{r.overdueDays}</Table.Td>
                  <Table.Td>{r.purchaseName || '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </FigureCard>
  );
}

/** Median and 90th percentile of whole days per node over the period; the slowest node named. */
export function NodeTimesCard({ rows, link }: { rows: DashboardView['nodeTimes']; link: FlowListLink }) {
  // Named only when a node takes days: whole days of 0 everywhere single out nothing.
  const slowest = [...rows].sort((a, b) => b.p90Days - a.p90Days)[0];
  return (
    <FigureCard title={<Trans>节点耗时（天）</Trans>} testId="node-times" more={<ListLink search={link()}>{t`流程列表`}</ListLink>}>
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <>
          <BarChart
            h={CHART_HEIGHT}
            data={rows.map((r) => ({ node: r.nodeName, median: r.medianDays, p90: r.p90Days }))}
            dataKey="node"
            {...COUNT_AXIS}
            withLegend
            series={[
              { name: 'median', label: t`中位数`, color: 'teal.6' },
              { name: 'p90', label: t`90分位`, color: 'orange.6' },
            ]}
          />
          {slowest && slowest.p90Days > 0 && (
            <Text size="sm" mt="xs" data-testid="slowest-node">
              {t`最慢：${slowest.nodeName}（90分位 ${slowest.p90Days} 天，完成 ${slowest.completions} 次）`}
            </Text>
          )}
        </>
      )}
    </FigureCard>
  );
}

/** Admissions, terminations and exits per month (lines), each linking to its list. */
export function MonthlyCard({ rows, link }: { rows: DashboardView['monthly']; link: FlowListLink }) {
  return (
    <FigureCard
      title={<Trans>每月准入、终止与退出</Trans>}
      testId="monthly"
      more={
        <Group gap="sm">
          <ListLink search={link({ stage: 90 })}>{t`已准入`}</ListLink>
          <ListLink search={link({ stage: 0 })}>{t`已终止`}</ListLink>
          <LinkAnchor to="/supplier-exit" search={FIRST_PAGE}>{t`退出列表`}</LinkAnchor>
        </Group>
      }
    >
      <LineChart
        h={CHART_HEIGHT}
        data={rows}
        dataKey="month"
        yAxisProps={COUNT_AXIS.yAxisProps}
        withLegend
        series={[
          { name: 'admitted', label: t`已准入`, color: 'green.6' },
          { name: 'terminated', label: t`已终止`, color: 'gray.6' },
          { name: 'exited', label: t`退出`, color: 'red.6' },
        ]}
      />
    </FigureCard>
  );
}

/** Valid certificates ending within 90 days, soonest first, each opening its supplier. */
export function CertificatesCard({ certificates }: { certificates: DashboardView['certificatesEnding'] }) {
  return (
    <FigureCard
      title={
        <Group gap="xs">
          <Trans>90天内到期的证书</Trans>
          <Badge color={certificates.total ? 'orange' : 'gray'}>{certificates.total}</Badge>
        </Group>
      }
      testId="certificates-ending"
      more={<LinkAnchor to="/suppliers" search={FIRST_PAGE}>{t`供应商列表`}</LinkAnchor>}
    >
      {certificates.rows.length === 0 ? (
        <Empty />
      ) : (
        <Table striped>
          <Table.Tbody>
            {certificates.rows.map((r) => (
              <Table.Tr key={`${r.supplierNo}-${r.kind}-${r.validUntil}`}>
                <Table.Td>
                  <LinkAnchor to="/suppliers/detail" search={{ supplierNo: r.supplierNo }}>
                    {r.supplierName}
                  </LinkAnchor>
                </Table.Td>
                <Table.Td>{r.kindName}</Table.Td>
                <Table.Td>{r.validUntil}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </FigureCard>
  );
}

/** The last concluded assessment round: how many suppliers got A, B and C. */
export function GradesCard({ grades }: { grades: DashboardView['grades'] }) {
  return (
    <FigureCard
      title={<Trans>最近一轮绩效等级</Trans>}
      testId="grades"
      more={<LinkAnchor to="/performance-plan" search={FIRST_PAGE}>{t`绩效计划`}</LinkAnchor>}
    >
      {!grades ? (
        <Empty />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {grades.planName}（{grades.period}）
          </Text>
          <BarChart
            h={CHART_HEIGHT}
            data={(['A', 'B', 'C'] as const).map((grade) => ({ grade, count: grades.counts[grade] }))}
            dataKey="grade"
            {...COUNT_AXIS}
            series={[{ name: 'count', label: t`供应商数`, color: 'indigo.6' }]}
            getBarColor={() => 'indigo.6'}
          />
        </>
      )}
    </FigureCard>
  );
}

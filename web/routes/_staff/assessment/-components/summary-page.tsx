import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Alert, Anchor, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { RoundPhase } from '#domain/assessment/round.ts';
import type { SummaryRow, SummaryView } from '#domain/assessment/summary.ts';
import {
  assessmentKeys,
  autoCalculate,
  exportWorkbook,
  reviewStatisticQuery,
  submitSummary,
  summaryQuery,
} from '#web/api/assessment.ts';
import { approvalCardKeys } from '#web/api/approval.ts';
import { isApiError } from '#web/api/client.ts';
import { ApprovalCard } from '#web/components/approval-card.tsx';
import { PageLoader } from '#web/components/page-loader.tsx';
import { AdjustDialog } from './adjust-dialog.tsx';
import { FiguresCard } from './figures-card.tsx';
import { GradeChart } from './grade-chart.tsx';
import { PlanNotShown } from './plan-not-shown.tsx';
import { StaffPicker } from './staff-picker.tsx';
import { TraceDrawer } from './trace-drawer.tsx';

const phaseLabel = (p: RoundPhase | null) =>
  ({ reviewing: t`评审中`, summarizing: t`汇总中`, approving: t`审批中`, publishing: t`发布中`, concluded: t`已发布` })[p ?? 'reviewing'] ?? '-';

/** The owner's view of a round: progress per reviewer and supplier, the summary, the grade chart, adjust, approval and export. */
export function SummaryPage({ planNo, canListPlans }: { planNo: string; canListPlans: boolean }) {
  const { i18n } = useLingui();
  const summary = useQuery(summaryQuery(planNo, i18n.locale));
  if (summary.isLoading) return <PageLoader />;
  // An unknown plan, or one this user may not read, stays so: say it and lead to the plans.
  if (isApiError(summary.error) && (summary.error.status === 404 || summary.error.status === 403)) {
    return <PlanNotShown canListPlans={canListPlans} refusal={summary.error.message} />;
  }
  if (!summary.data) return <Alert color="red">{summary.error?.message ?? t`加载失败`}</Alert>;
  return <SummaryView s={summary.data} />;
}

function SummaryView({ s }: { s: SummaryView }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const statistic = useQuery(reviewStatisticQuery(s.planNo, i18n.locale));
  const [adjusting, setAdjusting] = useState<SummaryRow | null>(null);
  const [tracing, setTracing] = useState<string | null>(null);
  const [approver, setApprover] = useState<string | null>(null);
  const done = ({ message }: { message: string }) => {
    notifications.show({ color: 'green', message });
    void queryClient.invalidateQueries({ queryKey: assessmentKeys.plan(s.planNo) });
    // A submit opens the approval its card shows.
    void queryClient.invalidateQueries({ queryKey: approvalCardKeys.card('ASSESSMENT_SUMMARY', s.planNo) });
  };
  const calculate = useMutation({ mutationFn: () => autoCalculate(s.planNo), onSuccess: done });
  const submit = useMutation({ mutationFn: () => submitSummary(s.planNo, approver!), onSuccess: done });
  const exporting = useMutation({ mutationFn: () => exportWorkbook([s.planNo], `${s.planName}-${s.planNo}.xlsx`) });
  const st = statistic.data;

  return (
    <Stack maw={1200}>
      <Group justify="space-between">
        <Title order={4}>
          {s.planName} ({s.planNo})
        </Title>
        <Group>
          <Badge data-testid="round-phase">{phaseLabel(s.phase)}</Badge>
          {s.actions.export && (
            <Button variant="light" loading={exporting.isPending} onClick={() => exporting.mutate()} data-testid="summary-export">
              <Trans>导出</Trans>
            </Button>
          )}
        </Group>
      </Group>
      {st && (
        <Card withBorder data-testid="review-statistic">
          <Group mb="sm">
            <Text fw={600}>
              <Trans>评审进度</Trans>
            </Text>
            <Text data-testid="statistic-total">
              {st.submitted}/{st.total}
            </Text>
          </Group>
          <Progress value={st.total ? (100 * st.submitted) / st.total : 0} mb="md" />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`评审人`}</Table.Th>
                  <Table.Th>{t`已提交/总数`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {st.byReviewer.map((r) => (
                  <Table.Tr key={r.jobNumber}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>
                      {r.submitted}/{r.total}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`供应商`}</Table.Th>
                  <Table.Th>{t`已提交/总数`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {st.bySupplier.slice(0, 50).map((r) => (
                  <Table.Tr key={r.supplierNo}>
                    <Table.Td>{r.supplierName}</Table.Td>
                    <Table.Td>
                      {r.submitted}/{r.total}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </SimpleGrid>
        </Card>
      )}
      <FiguresCard planNo={s.planNo} />
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Text fw={600}>
            <Trans>汇总得分</Trans>
          </Text>
          {s.actions.calculate && (
            <Button loading={calculate.isPending} onClick={() => calculate.mutate()} data-testid="summary-calculate">
              <Trans>自动计算</Trans>
            </Button>
          )}
        </Group>
        {s.rejectReason && s.phase === 'summarizing' && <Alert color="orange" mb="sm">{t`审批驳回：${s.rejectReason}`}</Alert>}
        <Table striped data-testid="summary-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`供应商`}</Table.Th>
              <Table.Th>{t`计算得分`}</Table.Th>
              <Table.Th>{t`调整后得分`}</Table.Th>
              <Table.Th>{t`等级`}</Table.Th>
              <Table.Th>{t`操作`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.rows.map((r) => (
              <Table.Tr key={r.supplierNo} data-supplier={r.supplierName}>
                <Table.Td>
                  {r.supplierCode} {r.supplierName}
                </Table.Td>
                <Table.Td data-testid="calculated-score">{r.calculatedScore ?? (r.calculatedAt ? t`无数据` : '-')}</Table.Td>
                <Table.Td data-testid="adjusted-score">
                  {r.adjustedScore ?? '-'}
                  {r.adjustReason && (
                    <Text size="xs" c="dimmed">
                      {r.adjustReason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-testid="grade">
                  {r.grade ?? '-'} {r.knockedOut && <Badge color="red" size="xs">{t`否决`}</Badge>}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Anchor size="sm" onClick={() => setTracing(r.supplierNo)} data-testid="summary-trace">
                      <Trans>明细</Trans>
                    </Anchor>
                    {s.actions.adjust && (
                      <Anchor size="sm" onClick={() => setAdjusting(r)} data-testid="summary-adjust">
                        <Trans>调整</Trans>
                      </Anchor>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      {s.gradeDistribution.length > 0 && (
        <Card withBorder>
          <Text fw={600} mb="sm">
            <Trans>等级分布</Trans>
          </Text>
          <GradeChart data={s.gradeDistribution} />
        </Card>
      )}
      {s.actions.submit && (
        <Card withBorder data-testid="summary-submit-card">
          <Group align="flex-end">
            <StaffPicker label={t`审批人`} value={approver} onChange={setApprover} testId="summary-approver" />
            <Button disabled={!approver} loading={submit.isPending} onClick={() => submit.mutate()} data-testid="summary-submit">
              <Trans>提交审批</Trans>
            </Button>
          </Group>
        </Card>
      )}
      <ApprovalCard kind="ASSESSMENT_SUMMARY" of={s.planNo} onDecided={() => void queryClient.invalidateQueries({ queryKey: assessmentKeys.plan(s.planNo) })} />
      {adjusting && <AdjustDialog planNo={s.planNo} row={adjusting} onClose={() => setAdjusting(null)} />}
      {tracing && <TraceDrawer planNo={s.planNo} supplierNo={tracing} onClose={() => setTracing(null)} />}
    </Stack>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Anchor, Badge, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { reviewListQuery, type ReviewListSearch } from '#web/api/assessment.ts';
import { ListTable, OptionSelect, QueryForm, useListQueryForm, useListTable, type ListColumn } from '#web/components/list-tools/index.ts';
import type { ReviewListRow } from '#domain/assessment/review.ts';
import { REVIEW_STATUS } from '#domain/assessment/round.ts';
import { TransferButton } from './transfer-button.tsx';
import { formatDateTime } from '#web/components/date-time.ts';

const REVIEW_STATUSES = [REVIEW_STATUS.IN_PROGRESS, REVIEW_STATUS.FINISHED] as const;
const reviewStatusLabel = (status: number) => (status === REVIEW_STATUS.FINISHED ? t`已提交` : t`待评分`);

/** The review work list: plan, supplier, reviewer, progress, deadline; each row opens the scoring grid. */
export function ReviewListPage({ search }: { search: ReviewListSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const page = useQuery(reviewListQuery(search, i18n.locale));
  const go = (next: Partial<ReviewListSearch>) => void navigate({ to: '/assessment/review', search: { ...search, ...next } });
  // The plan a summary page opened the list for stays through 查询 and 重置: it is where the list came from, not a filter of the form.
  const { currentPage: _page, pageSize, planNo, ...filters } = search;
  const form = useListQueryForm(filters, (next) => void navigate({ to: '/assessment/review', search: { ...next, planNo, currentPage: 1, pageSize } }));
  const fmt = (iso: string | null) => formatDateTime(iso, i18n.locale);
  const columns: ListColumn<'assessment-review', ReviewListRow>[] = [
    {
      key: 'plan',
      title: t`绩效计划`,
      cell: (r) => (
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/assessment/summary" search={{ planNo: r.planNo }} />}>
          {r.planName}
        </Anchor>
      ),
    },
    { key: 'supplier', title: t`供应商`, cell: (r) => `${r.supplierCode} ${r.supplierName}` },
    { key: 'reviewer', title: t`评审人`, cell: (r) => r.reviewerName },
    { key: 'progress', title: t`已评指标`, cell: (r) => `${r.scored}/${r.indexCount}` },
    { key: 'status', title: t`状态`, cell: (r) => <Badge color={r.status === REVIEW_STATUS.FINISHED ? 'green' : 'blue'}>{reviewStatusLabel(r.status)}</Badge> },
    { key: 'deadline', title: t`截止时间`, cell: (r) => fmt(r.deadline) },
  ];
  const list = useListTable('assessment-review', columns, { query: page, paging: search, onPaging: go });
  return (
    <Stack>
      <QueryForm
        {...form.actions}
        actions={
          <>
            {list.chooser}
            {planNo && (
              <Button variant="light" onClick={() => void navigate({ to: '/assessment/summary', search: { planNo } })}>
                <Trans>评审统计与汇总</Trans>
              </Button>
            )}
          </>
        }
        items={[
          form.item('supplier', <TextInput label={t`供应商`} placeholder={t`供应商名称或编码`} {...form.text('supplier')} />),
          form.item('status', <OptionSelect label={t`状态`} options={REVIEW_STATUSES} optionLabel={reviewStatusLabel} {...form.choice('status')} />),
        ]}
      />
      <Card withBorder>
        <ListTable
          {...list.table}
          testId="review-list"
          rowKey="taskNo"
          rowAttrs={(r) => ({ 'data-supplier': r.supplierName })}
          actions={(r) => (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => void navigate({ to: '/assessment/review-detail', search: { taskNo: r.taskNo } })} data-testid="review-open">
                {r.status === 30 ? <Trans>查看</Trans> : <Trans>评分</Trans>}
              </Button>
              {r.status === 20 && <TransferButton taskNo={r.taskNo} />}
            </Group>
          )}
        />
      </Card>
    </Stack>
  );
}

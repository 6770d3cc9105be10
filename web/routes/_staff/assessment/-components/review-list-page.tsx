import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Badge, Button, Card, Group, Select, Stack, TextInput } from '@mantine/core';
import { reviewListQuery, type ReviewListSearch } from '#web/api/assessment.ts';
import { ListTable, QueryForm, useListTable, type ListColumn } from '#web/components/list-tools/index.ts';
import type { ReviewListRow } from '#domain/assessment/review.ts';
import { TransferButton } from './transfer-button.tsx';

/** The review work list: plan, supplier, reviewer, progress, deadline; each row opens the scoring grid. */
export function ReviewListPage({ search }: { search: ReviewListSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [text, setText] = useState(search.supplier ?? '');
  const [status, setStatus] = useState<string | null>(search.status ? String(search.status) : null);
  const page = useQuery(reviewListQuery(search, i18n.locale));
  const go = (next: Partial<ReviewListSearch>) => void navigate({ to: '/assessment/review', search: { ...search, ...next } });
  const fmt = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.locale === 'en' ? 'en-GB' : 'zh-CN') : '-');
  const columns: ListColumn<'assessment-review', ReviewListRow>[] = [
    {
      key: 'plan',
      title: t`绩效计划`,
      cell: (r) => (
        <Link to="/assessment/summary" search={{ planNo: r.planNo }}>
          {r.planName}
        </Link>
      ),
    },
    { key: 'supplier', title: t`供应商`, cell: (r) => `${r.supplierCode} ${r.supplierName}` },
    { key: 'reviewer', title: t`评审人`, cell: (r) => r.reviewerName },
    { key: 'progress', title: t`已评指标`, cell: (r) => `${r.scored}/${r.indexCount}` },
    { key: 'status', title: t`状态`, cell: (r) => (r.status === 30 ? <Badge color="green">{t`已提交`}</Badge> : <Badge color="blue">{t`待评分`}</Badge>) },
    { key: 'deadline', title: t`截止时间`, cell: (r) => fmt(r.deadline) },
  ];
  const list = useListTable('assessment-review', columns, { query: page, paging: search, onPaging: go });
  return (
    <Stack>
      <QueryForm
        onSearch={() => go({ supplier: text.trim() || undefined, status: status ? (Number(status) as 20 | 30) : undefined, currentPage: 1 })}
        onReset={() => {
          setText('');
          setStatus(null);
          void navigate({ to: '/assessment/review', search: { currentPage: 1, pageSize: search.pageSize, planNo: search.planNo } });
        }}
        actions={
          <>
            {list.chooser}
            {search.planNo && (
              <Button variant="light" onClick={() => void navigate({ to: '/assessment/summary', search: { planNo: search.planNo! } })}>
                <Trans>评审统计与汇总</Trans>
              </Button>
            )}
          </>
        }
        items={[
          {
            key: 'supplier',
            active: Boolean(search.supplier),
            field: <TextInput label={t`供应商`} placeholder={t`供应商名称或编码`} value={text} onChange={(e) => setText(e.currentTarget.value)} />,
          },
          {
            key: 'status',
            active: Boolean(search.status),
            field: (
              <Select
                label={t`状态`}
                clearable
                data={[
                  { value: '20', label: t`待评分` },
                  { value: '30', label: t`已提交` },
                ]}
                value={status}
                onChange={setStatus}
              />
            ),
          },
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

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { reviewListQuery, type ReviewListSearch } from '#web/api/assessment.ts';
import { TablePager } from '#web/components/table-pager.tsx';
import { TransferButton } from './transfer-button.tsx';

/** The review work list: plan, supplier, reviewer, progress, deadline; each row opens the scoring grid. */
export function ReviewListPage({ search }: { search: ReviewListSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [text, setText] = useState(search.supplier ?? '');
  const page = useQuery(reviewListQuery(search, i18n.locale));
  const go = (next: Partial<ReviewListSearch>) => void navigate({ to: '/assessment/review', search: { ...search, ...next } });
  const rows = page.data?.records ?? [];
  const fmt = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.locale === 'en' ? 'en-GB' : 'zh-CN') : '-');
  return (
    <Stack>
      <Card withBorder>
        <Group align="flex-end">
          <TextInput label={t`供应商`} placeholder={t`供应商名称或编码`} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <Select
            label={t`状态`}
            clearable
            data={[
              { value: '20', label: t`待评分` },
              { value: '30', label: t`已提交` },
            ]}
            value={search.status ? String(search.status) : null}
            onChange={(v) => go({ status: v ? (Number(v) as 20 | 30) : undefined, currentPage: 1 })}
          />
          <Button onClick={() => go({ supplier: text || undefined, currentPage: 1 })}>
            <Trans>查询</Trans>
          </Button>
          {search.planNo && (
            <Button ml="auto" variant="light" onClick={() => void navigate({ to: '/assessment/summary', search: { planNo: search.planNo! } })}>
              <Trans>评审统计与汇总</Trans>
            </Button>
          )}
        </Group>
      </Card>
      <Card withBorder>
        <Table striped highlightOnHover data-testid="review-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`绩效计划`}</Table.Th>
              <Table.Th>{t`供应商`}</Table.Th>
              <Table.Th>{t`评审人`}</Table.Th>
              <Table.Th>{t`已评指标`}</Table.Th>
              <Table.Th>{t`状态`}</Table.Th>
              <Table.Th>{t`截止时间`}</Table.Th>
              <Table.Th>{t`操作`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text ta="center" c="dimmed" size="sm">
                    {page.isLoading ? <Trans>加载中…</Trans> : page.isError ? <Trans>加载失败</Trans> : <Trans>暂无数据</Trans>}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((r) => (
              <Table.Tr key={r.taskNo} data-task-no={r.taskNo} data-supplier={r.supplierName}>
                <Table.Td>
                  <Link to="/assessment/summary" search={{ planNo: r.planNo }}>
                    {r.planName}
                  </Link>
                </Table.Td>
                <Table.Td>
                  {r.supplierCode} {r.supplierName}
                </Table.Td>
                <Table.Td>{r.reviewerName}</Table.Td>
                <Table.Td>
                  {r.scored}/{r.indexCount}
                </Table.Td>
                <Table.Td>{r.status === 30 ? <Badge color="green">{t`已提交`}</Badge> : <Badge color="blue">{t`待评分`}</Badge>}</Table.Td>
                <Table.Td>{fmt(r.deadline)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="light" onClick={() => void navigate({ to: '/assessment/review-detail', search: { taskNo: r.taskNo } })} data-testid="review-open">
                      {r.status === 30 ? <Trans>查看</Trans> : <Trans>评分</Trans>}
                    </Button>
                    {r.status === 20 && <TransferButton taskNo={r.taskNo} />}
                  </Group>
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

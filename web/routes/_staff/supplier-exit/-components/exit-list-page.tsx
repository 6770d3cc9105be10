import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Card, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { CurrentUser } from '#domain/identity.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { EXIT_STATUS, type ExitStatus } from '#domain/supplier-exit/exit.ts';
import { exitPageQuery, type ExitListSearch } from '#web/api/supplier-exit.ts';
import { TablePager } from '#web/components/table-pager.tsx';
import { ExitEndButtons } from './exit-end-buttons.tsx';
import { ExitStatusBadge, exitStatusLabel } from './exit-status.tsx';

/** The exit list (spec 3 §2.3): supplier, scope, exit category, status, sponsor, approver, dates; a new exit for those who may start one. */
export function ExitListPage({ user, search }: { user: CurrentUser; search: ExitListSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [text, setText] = useState(search.supplier ?? '');
  const page = useQuery(exitPageQuery(search, i18n.locale));
  const go = (next: Partial<ExitListSearch>) => void navigate({ to: '/supplier-exit', search: { ...search, ...next } });
  const mayApply = user.permissions.buttons.includes(PERMISSIONS.supplierExitApply);
  const rows = page.data?.records ?? [];
  return (
    <Stack>
      <Card withBorder>
        <Group align="flex-end">
          <TextInput label={t`供应商`} placeholder={t`供应商名称、编码或退出单号`} value={text} onChange={(e) => setText(e.currentTarget.value)} />
          <Select
            label={t`状态`}
            clearable
            data={EXIT_STATUS.map((s) => ({ value: s, label: exitStatusLabel(s) }))}
            value={search.status ?? null}
            onChange={(v) => go({ status: (v as ExitStatus | null) ?? undefined, currentPage: 1 })}
          />
          <Button onClick={() => go({ supplier: text || undefined, currentPage: 1 })}>
            <Trans>查询</Trans>
          </Button>
          {mayApply && (
            <Button ml="auto" component={Link} to="/supplier-exit/form" data-testid="exit-new">
              <Trans>新建退出</Trans>
            </Button>
          )}
        </Group>
      </Card>
      <Card withBorder>
        <Table striped highlightOnHover data-testid="exit-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`退出单号`}</Table.Th>
              <Table.Th>{t`供应商`}</Table.Th>
              <Table.Th>{t`退出范围`}</Table.Th>
              <Table.Th>{t`退出类别`}</Table.Th>
              <Table.Th>{t`状态`}</Table.Th>
              <Table.Th>{t`发起人`}</Table.Th>
              <Table.Th>{t`审批人`}</Table.Th>
              <Table.Th>{t`创建时间`}</Table.Th>
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
              <Table.Tr key={r.flowNo} data-flow-no={r.flowNo}>
                <Table.Td>
                  <Link to="/supplier-exit/detail" search={{ flowNo: r.flowNo }}>
                    {r.flowNo}
                  </Link>
                </Table.Td>
                <Table.Td>
                  {r.supplierCode} {r.supplierName}
                </Table.Td>
                <Table.Td>{r.exitScope === 'SUPPLIER' ? t`整体退出` : r.categoryNames.join(i18n.locale === 'en' ? ', ' : '、')}</Table.Td>
                <Table.Td>{r.exitCategoryName ?? '-'}</Table.Td>
                <Table.Td>
                  <ExitStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>{r.sponsor}</Table.Td>
                <Table.Td>{r.approver ?? '-'}</Table.Td>
                <Table.Td>{new Date(r.createdAt).toLocaleString(i18n.locale === 'en' ? 'en-GB' : 'zh-CN')}</Table.Td>
                <Table.Td>
                  <ExitEndButtons flowNo={r.flowNo} actions={r.actions} size="xs" />
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

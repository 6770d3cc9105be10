import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Anchor, Button, Card, Stack, TextInput } from '@mantine/core';
import type { CurrentUser } from '#domain/identity.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { EXIT_STATUS, type ExitRow } from '#domain/supplier-exit/exit.ts';
import { exitPageQuery, type ExitListSearch } from '#web/api/supplier-exit.ts';
import { ListTable, OptionSelect, QueryForm, useListQueryForm, useListTable, type ListColumn } from '#web/components/list-tools/index.ts';
import { ExitEndButtons } from './exit-end-buttons.tsx';
import { ExitStatusBadge, exitStatusLabel } from './exit-status.tsx';
import { formatDateTime } from '#web/components/date-time.ts';

type ExitCols = ListColumn<'supplier-exit', ExitRow>[];

/** The exit list (req exit §2.3): supplier, scope, exit category, status, sponsor, approver, dates; a new exit for those who may start one. */
export function ExitListPage({ user, search }: { user: CurrentUser; search: ExitListSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const page = useQuery(exitPageQuery(search, i18n.locale));
  const go = (next: Partial<ExitListSearch>) => void navigate({ to: '/supplier-exit', search: { ...search, ...next } });
  const { currentPage: _page, pageSize, ...filters } = search;
  const form = useListQueryForm(filters, (next) => void navigate({ to: '/supplier-exit', search: { ...next, currentPage: 1, pageSize } }));
  const mayApply = user.permissions.buttons.includes(PERMISSIONS.supplierExitApply);
  const columns: ExitCols = [
    {
      key: 'flowNo',
      title: t`退出单号`,
      cell: (r) => (
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/supplier-exit/detail" search={{ flowNo: r.flowNo }} />}>
          {r.flowNo}
        </Anchor>
      ),
    },
    { key: 'supplier', title: t`供应商`, cell: (r) => `${r.supplierCode} ${r.supplierName}` },
    { key: 'scope', title: t`退出范围`, cell: (r) => (r.exitScope === 'SUPPLIER' ? t`整体退出` : r.categoryNames.join(i18n.locale === 'en' ? ', ' : '、')) },
    { key: 'exitCategory', title: t`退出类别`, cell: (r) => r.exitCategoryName ?? '-' },
    { key: 'status', title: t`状态`, cell: (r) => <ExitStatusBadge status={r.status} /> },
    { key: 'sponsor', title: t`发起人`, cell: (r) => r.sponsor },
    { key: 'approver', title: t`审批人`, cell: (r) => r.approver ?? '-' },
    { key: 'createdAt', title: t`创建时间`, cell: (r) => formatDateTime(r.createdAt, i18n.locale) },
  ];
  const list = useListTable('supplier-exit', columns, { query: page, paging: search, onPaging: go });
  return (
    <Stack>
      <QueryForm
        {...form.actions}
        actions={
          <>
            {list.chooser}
            {mayApply && (
              <Button component={Link} to="/supplier-exit/form" data-testid="exit-new">
                <Trans>新建退出</Trans>
              </Button>
            )}
          </>
        }
        items={[
          form.item('supplier', <TextInput label={t`供应商`} placeholder={t`供应商名称、编码或退出单号`} {...form.text('supplier')} />),
          form.item('status', <OptionSelect label={t`状态`} options={EXIT_STATUS} optionLabel={exitStatusLabel} {...form.choice('status')} />),
        ]}
      />
      <Card withBorder>
        <ListTable
          {...list.table}
          testId="exit-list"
          rowKey="flowNo"
          actions={(r) => <ExitEndButtons flowNo={r.flowNo} actions={r.actions} size="xs" />}
        />
      </Card>
    </Stack>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { t } from '@lingui/core/macro';
import { Anchor, Badge, Card, Group, Stack, TextInput } from '@mantine/core';
import type { SupplierListQuery, SupplierListRow } from '#domain/certificates/certificate.ts';
import { supplierListQuery } from '#web/api/certificates.ts';
import { ListTable, QueryForm, useListQueryForm, useListTable, type ListColumn } from '#web/components/list-tools/index.ts';

/** The admitted suppliers the reader is responsible for, with what needs attention: ended or ending certificates, a running requalification. */
export function SupplierListPage({ search }: { search: SupplierListQuery }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const page = useQuery(supplierListQuery(search, i18n.locale));
  const go = (next: Partial<SupplierListQuery>) => void navigate({ to: '/suppliers', search: { ...search, ...next } });
  const { currentPage: _page, pageSize, ...filters } = search;
  const form = useListQueryForm(filters, (next) => void navigate({ to: '/suppliers', search: { ...next, currentPage: 1, pageSize } }));
  const columns: ListColumn<'suppliers', SupplierListRow>[] = [
    {
      key: 'supplier',
      title: t`供应商`,
      cell: (r) => (
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/suppliers/detail" search={{ supplierNo: r.supplierNo }} />}>
          {r.supplierCode} {r.name}
        </Anchor>
      ),
    },
    { key: 'creditCode', title: t`统一社会信用代码`, cell: (r) => r.creditCode },
    { key: 'categories', title: t`准入品类`, cell: (r) => r.categoryNames || '-' },
    {
      key: 'certificates',
      title: t`证书`,
      cell: (r) => (
        <Group gap={4}>
          {r.endedCertificates > 0 && <Badge color="red" variant="light">{t`已过期 ${r.endedCertificates}`}</Badge>}
          {r.endingCertificates > 0 && <Badge color="orange" variant="light">{t`90天内到期 ${r.endingCertificates}`}</Badge>}
          {r.endedCertificates + r.endingCertificates === 0 && '-'}
        </Group>
      ),
    },
    {
      key: 'state',
      title: t`状态`,
      cell: (r) => (
        <Group gap={4}>
          <Badge variant="light" color={r.active ? 'blue' : 'gray'}>
            {r.active ? t`正常` : t`已停用`}
          </Badge>
          {r.requalifying && <Badge variant="light">{t`再认证中`}</Badge>}
        </Group>
      ),
    },
  ];
  const list = useListTable('suppliers', columns, { query: page, paging: search, onPaging: go });
  return (
    <Stack>
      <QueryForm
        {...form.actions}
        actions={list.chooser}
        items={[form.item('search', <TextInput label={t`供应商`} placeholder={t`名称、编码或统一社会信用代码`} {...form.text('search')} />)]}
      />
      <Card withBorder>
        <ListTable
          {...list.table}
          testId="supplier-list"
          rowKey="supplierNo"
          actions={(r) => (
            <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/suppliers/detail" search={{ supplierNo: r.supplierNo }} />}>
              {t`查看`}
            </Anchor>
          )}
        />
      </Card>
    </Stack>
  );
}

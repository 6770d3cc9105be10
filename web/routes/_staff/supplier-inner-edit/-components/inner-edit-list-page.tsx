import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Card, Select, Stack, TextInput } from '@mantine/core';
import { CHANGE_STATUS, MODIFY_TYPES, type ChangeStatus, type ModifyType } from '#domain/supplier-change/status.ts';
import { changePageQuery, type ChangeListSearch } from '#web/api/supplier-change.ts';
import { ChangeListTable, changeColumns } from '#web/supplier-change/change-list-table.tsx';
import { QueryForm, useListTable } from '#web/components/list-tools/index.ts';
import { changeStatusLabel, modifyTypeLabel } from '#web/supplier-change/labels.ts';

/**
 * The internal edit list (spec 3 §2.2): query by supplier, change number, modify type and status; a new
 * change for a supplier; each row opens its form (while editable) or its approval card, and may be cancelled.
 */
export function InnerEditListPage({ search }: { search: ChangeListSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [supplier, setSupplier] = useState(search.supplier ?? '');
  const [flowNo, setFlowNo] = useState(search.flowNo ?? '');
  const [modifyType, setModifyType] = useState<ModifyType | null>(search.modifyType ?? null);
  const [status, setStatus] = useState<ChangeStatus | null>(search.status ?? null);
  const page = useQuery(changePageQuery('staff', search, i18n.locale));
  const go = (next: Partial<ChangeListSearch>) =>
    void navigate({
      to: '/supplier-inner-edit',
      search: { ...search, ...next },
    });
  const list = useListTable('supplier-inner-edit', changeColumns(i18n.locale), { query: page, paging: search, onPaging: go });
  const reset = () => {
    setSupplier('');
    setFlowNo('');
    setModifyType(null);
    setStatus(null);
    void navigate({
      to: '/supplier-inner-edit',
      search: { currentPage: 1, pageSize: search.pageSize },
    });
  };
  return (
    <Stack>
      <QueryForm
        onSearch={() =>
          go({
            supplier: supplier.trim() || undefined,
            flowNo: flowNo.trim() || undefined,
            modifyType: modifyType ?? undefined,
            status: status ?? undefined,
            currentPage: 1,
          })
        }
        onReset={reset}
        actions={
          <>
            {list.chooser}
            <Button component={Link} to="/supplier-inner-edit/edit" data-testid="change-new">
              <Trans>新建变更</Trans>
            </Button>
          </>
        }
        items={[
          {
            key: 'supplier',
            active: Boolean(search.supplier),
            field: <TextInput label={t`供应商`} placeholder={t`供应商名称或编码`} value={supplier} onChange={(e) => setSupplier(e.currentTarget.value)} />,
          },
          { key: 'flowNo', active: Boolean(search.flowNo), field: <TextInput label={t`变更单号`} value={flowNo} onChange={(e) => setFlowNo(e.currentTarget.value)} /> },
          {
            key: 'modifyType',
            active: Boolean(search.modifyType),
            field: (
              <Select
                label={t`修改类型`}
                clearable
                data={MODIFY_TYPES.map((m) => ({ value: m, label: modifyTypeLabel(m) }))}
                value={modifyType}
                onChange={(v) => setModifyType((v as ModifyType | null) ?? null)}
              />
            ),
          },
          {
            key: 'status',
            active: Boolean(search.status),
            field: (
              <Select
                label={t`状态`}
                clearable
                data={CHANGE_STATUS.map((s) => ({ value: s, label: changeStatusLabel(s) }))}
                value={status}
                onChange={(v) => setStatus((v as ChangeStatus | null) ?? null)}
              />
            ),
          },
        ]}
      />
      <Card withBorder>
        <ChangeListTable
          side="staff"
          list={list.table}
          onEdit={(r) =>
            void navigate({
              to: '/supplier-inner-edit/edit',
              search: { flowNo: r.flowNo },
            })
          }
          extraActions={(r) =>
            r.status !== 'saved' && (
              <Button
                size="compact-xs"
                variant="subtle"
                renderRoot={(props) => <Link {...props} to="/supplier-change/approval" search={{ flowNo: r.flowNo }} />}
                data-testid="change-approval-link"
              >
                <Trans>审批记录</Trans>
              </Button>
            )
          }
        />
      </Card>
    </Stack>
  );
}

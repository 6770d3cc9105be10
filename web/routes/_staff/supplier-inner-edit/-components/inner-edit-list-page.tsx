import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Card, Stack, TextInput } from '@mantine/core';
import { CHANGE_STATUS, MODIFY_TYPES } from '#domain/supplier-change/status.ts';
import { changePageQuery, type ChangeListSearch } from '#web/api/supplier-change.ts';
import { ChangeListTable, changeColumns } from '#web/supplier-change/change-list-table.tsx';
import { OptionSelect, QueryForm, useListQueryForm, useListTable } from '#web/components/list-tools/index.ts';
import { changeStatusLabel, modifyTypeLabel } from '#web/supplier-change/labels.ts';

/**
 * The internal edit list (req change §2.2): query by supplier, change number, modify type and status; a new
 * change for a supplier; each row opens its form (while editable) or its approval card, and may be cancelled.
 */
export function InnerEditListPage({ search }: { search: ChangeListSearch }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const page = useQuery(changePageQuery('staff', search, i18n.locale));
  const go = (next: Partial<ChangeListSearch>) =>
    void navigate({
      to: '/supplier-inner-edit',
      search: { ...search, ...next },
    });
  const list = useListTable('supplier-inner-edit', changeColumns(i18n.locale), { query: page, paging: search, onPaging: go });
  const { currentPage: _page, pageSize, ...filters } = search;
  const form = useListQueryForm(filters, (next) => void navigate({ to: '/supplier-inner-edit', search: { ...next, currentPage: 1, pageSize } }));
  return (
    <Stack>
      <QueryForm
        {...form.actions}
        actions={
          <>
            {list.chooser}
            <Button component={Link} to="/supplier-inner-edit/edit" data-testid="change-new">
              <Trans>新建变更</Trans>
            </Button>
          </>
        }
        items={[
          form.item('supplier', <TextInput label={t`供应商`} placeholder={t`供应商名称或编码`} {...form.text('supplier')} />),
          form.item('flowNo', <TextInput label={t`变更单号`} {...form.text('flowNo')} />),
          form.item('modifyType', <OptionSelect label={t`修改类型`} options={MODIFY_TYPES} optionLabel={modifyTypeLabel} {...form.choice('modifyType')} />),
          form.item('status', <OptionSelect label={t`状态`} options={CHANGE_STATUS} optionLabel={changeStatusLabel} {...form.choice('status')} />),
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

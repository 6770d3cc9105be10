import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Card, Group, Select, Stack, TextInput } from '@mantine/core';
import { CHANGE_STATUS, MODIFY_TYPES, type ChangeStatus, type ModifyType } from '#domain/supplier-change/status.ts';
import { changePageQuery, type ChangeListSearch } from '#web/api/supplier-change.ts';
import { TablePager } from '#web/components/table-pager.tsx';
import { ChangeListTable } from '#web/supplier-change/change-list-table.tsx';
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
  const page = useQuery(changePageQuery('staff', search, i18n.locale));
  const go = (next: Partial<ChangeListSearch>) =>
    void navigate({
      to: '/supplier-inner-edit',
      search: { ...search, ...next },
    });
  const reset = () => {
    setSupplier('');
    setFlowNo('');
    void navigate({
      to: '/supplier-inner-edit',
      search: { currentPage: 1, pageSize: search.pageSize },
    });
  };
  return (
    <Stack>
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            go({
              supplier: supplier || undefined,
              flowNo: flowNo || undefined,
              currentPage: 1,
            });
          }}
        >
          <Group align="flex-end">
            <TextInput label={t`供应商`} placeholder={t`供应商名称或编码`} value={supplier} onChange={(e) => setSupplier(e.currentTarget.value)} />
            <TextInput label={t`变更单号`} value={flowNo} onChange={(e) => setFlowNo(e.currentTarget.value)} />
            <Select
              label={t`修改类型`}
              clearable
              data={MODIFY_TYPES.map((m) => ({
                value: m,
                label: modifyTypeLabel(m),
              }))}
              value={search.modifyType ?? null}
              onChange={(v) =>
                go({
                  modifyType: (v as ModifyType | null) ?? undefined,
                  currentPage: 1,
                })
              }
            />
            <Select
              label={t`状态`}
              clearable
              data={CHANGE_STATUS.map((s) => ({
                value: s,
                label: changeStatusLabel(s),
              }))}
              value={search.status ?? null}
              onChange={(v) =>
                go({
                  status: (v as ChangeStatus | null) ?? undefined,
                  currentPage: 1,
                })
              }
            />
            <Button type="submit">
              <Trans>查询</Trans>
            </Button>
            <Button variant="default" onClick={reset}>
              <Trans>重置</Trans>
            </Button>
            <Button ml="auto" component={Link} to="/supplier-inner-edit/edit" data-testid="change-new">
              <Trans>新建变更</Trans>
            </Button>
          </Group>
        </form>
      </Card>
      <Card withBorder>
        <ChangeListTable
          side="staff"
          rows={page.data?.records ?? []}
          loading={page.isLoading}
          failed={page.isError}
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

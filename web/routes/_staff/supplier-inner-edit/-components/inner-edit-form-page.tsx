import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Card, Stack, Title } from '@mantine/core';
import type { CurrentUser } from '#domain/identity.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import type { ChangeSupplierStatus } from '#domain/supplier-change/requests.ts';
import type { SupplierOption } from '#domain/supplier-master.ts';
import { changeStatusQuery, changeSupplierDataQuery } from '#web/api/supplier-change.ts';
import { ChangeEditor } from '#web/supplier-change/change-editor.tsx';
import { SavedChangeEditor } from '#web/supplier-change/saved-change-editor.tsx';
import { SupplierSelect } from '../../cert-flow/-components/expand-supplier-fields.tsx';

/**
 * The staff change form (req change §2.2, every card including purchase): a new change starts by choosing the
 * supplier — one with a change already running links to it instead (one at a time) — or an editable change
 * opens by its number. After submit the approval card shows the change, its comparison and its steps.
 */
export function InnerEditFormPage({ user, flowNo }: { user: CurrentUser; flowNo?: string }) {
  return (
    <Stack maw={1280}>
      <Title order={4}>{flowNo ? <Trans>编辑信息变更 {flowNo}</Trans> : <Trans>新建供应商信息变更</Trans>}</Title>
      {flowNo ? <EditExisting flowNo={flowNo} /> : <StartNew user={user} />}
    </Stack>
  );
}

function useAfterSubmit() {
  const navigate = useNavigate();
  return ({ flowNo }: { flowNo: string }) => void navigate({ to: '/supplier-change/approval', search: { flowNo } });
}

function EditExisting({ flowNo }: { flowNo: string }) {
  const afterSubmit = useAfterSubmit();
  return (
    <SavedChangeEditor
      side="staff"
      flowNo={flowNo}
      onSubmitted={afterSubmit}
      notEditable={
        <Alert color="blue" data-testid="change-not-editable">
          <Trans>该变更当前不能编辑。</Trans>{' '}
          <Anchor renderRoot={(props) => <Link {...props} to="/supplier-change/approval" search={{ flowNo }} />}>
            <Trans>查看审批记录与变更对比</Trans>
          </Anchor>
        </Alert>
      }
    />
  );
}

function StartNew({ user }: { user: CurrentUser }) {
  const [supplier, setSupplier] = useState<SupplierOption | null>(null);
  const supplierNo = supplier?.supplierNo ?? '';
  const status = useQuery(changeStatusQuery('staff', supplierNo));
  const data = useQuery({
    ...changeSupplierDataQuery('staff', supplierNo),
    enabled: Boolean(supplierNo) && status.data?.canStart === true,
  });
  const afterSubmit = useAfterSubmit();
  const navigate = useNavigate();
  const factoryAdmin = user.permissions.buttons.includes(PERMISSIONS.modifyFactoryAdminRole);
  return (
    <>
      <Card withBorder maw={520}>
        <SupplierSelect value={supplier} onChange={setSupplier} />
      </Card>
      {supplierNo && status.data && !status.data.canStart && (
        <Alert color="yellow" data-testid="change-running">
          {status.data.flowNo ? (
            <>
              <Trans>
                该供应商已有进行中的信息变更 {status.data.flowNo}
                ，同一时间只能有一个。
              </Trans>{' '}
              <Anchor renderRoot={(props) => <Link {...props} to={openPathOf(status.data)} search={{ flowNo: status.data.flowNo ?? '' }} />}>
                <Trans>打开</Trans>
              </Anchor>
            </>
          ) : (
            <Trans>该供应商当前不能发起信息变更。</Trans>
          )}
        </Alert>
      )}
      {data.isError && <Alert color="red">{data.error.message}</Alert>}
      {data.data && (
        <ChangeEditor
          key={data.data.supplierNo}
          side="staff"
          start={{ supplierNo: data.data.supplierNo, record: data.data.record }}
          before={data.data.record}
          rules={{ factoryAdmin }}
          onSaved={({ flowNo }) =>
            void navigate({
              to: '/supplier-inner-edit/edit',
              search: { flowNo },
              replace: true,
            })
          }
          onSubmitted={afterSubmit}
        />
      )}
    </>
  );
}

/** A running staff draft opens in its form; anything else on its approval card. */
function openPathOf(status: ChangeSupplierStatus | undefined) {
  return status?.side === 'staff' && (status.status === 'saved' || status.status === 'rejected')
    ? ('/supplier-inner-edit/edit' as const)
    : ('/supplier-change/approval' as const);
}

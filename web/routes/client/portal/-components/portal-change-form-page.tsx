import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { comparisonPath } from '#domain/supplier-change/routes.ts';
import { changeStatusQuery, changeSupplierDataQuery } from '#web/api/supplier-change.ts';
import { ChangeEditor } from '#web/supplier-change/change-editor.tsx';
import { SavedChangeEditor } from '#web/supplier-change/saved-change-editor.tsx';
import { PortalFrame } from './portal-frame.tsx';

type Submitted = { flowNo: string; comparisonCode?: string };

/**
 * The supplier's change form (req change §2.2, without the purchase card): a new change of its current master,
 * or its own saved or rejected change by number. After submit it links to the comparison of what it sent.
 */
export function PortalChangeFormPage({ flowNo }: { flowNo?: string }) {
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  return (
    <PortalFrame title={<Trans>修改我的信息</Trans>}>
      <Stack maw={1280}>
        {submitted ? (
          <SubmittedPanel submitted={submitted} />
        ) : flowNo ? (
          <EditOwn flowNo={flowNo} onSubmitted={setSubmitted} />
        ) : (
          <StartOwn onSubmitted={setSubmitted} />
        )}
      </Stack>
    </PortalFrame>
  );
}

function SubmittedPanel({ submitted }: { submitted: Submitted }) {
  return (
    <Paper withBorder p="lg" data-testid="portal-change-submitted">
      <Stack>
        <Text fw={600}>
          <Trans>变更 {submitted.flowNo} 已提交，等待采购审批。</Trans>
        </Text>
        <Group>
          {submitted.comparisonCode && (
            <Anchor href={comparisonPath('supplier', submitted.comparisonCode)} target="_blank" data-testid="portal-change-comparison">
              <Trans>查看变更对比</Trans>
            </Anchor>
          )}
          <Button component={Link} to="/client/portal/supplier-info" variant="light">
            <Trans>返回变更记录</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const Loading = () => (
  <Center h={200}>
    <Loader />
  </Center>
);

function EditOwn({ flowNo, onSubmitted }: { flowNo: string; onSubmitted: (s: Submitted) => void }) {
  return (
    <SavedChangeEditor
      side="supplier"
      flowNo={flowNo}
      onSubmitted={onSubmitted}
      notEditable={
        <Alert color="blue">
          <Trans>该变更当前不能编辑。</Trans>
        </Alert>
      }
    />
  );
}

function StartOwn({ onSubmitted }: { onSubmitted: (s: Submitted) => void }) {
  const status = useQuery(changeStatusQuery('supplier', ''));
  const data = useQuery({
    ...changeSupplierDataQuery('supplier', ''),
    enabled: status.data?.canStart === true,
  });
  if (status.isPending) return <Loading />;
  if (status.data && !status.data.canStart) {
    return (
      <Alert color="yellow" data-testid="change-running">
        {status.data.flowNo ? <Trans>已有进行中的信息变更 {status.data.flowNo}，同一时间只能有一个。</Trans> : <Trans>当前不能发起信息变更。</Trans>}{' '}
        <Anchor component={Link} to="/client/portal/supplier-info">
          <Trans>返回变更记录</Trans>
        </Anchor>
      </Alert>
    );
  }
  if (data.isPending) return <Loading />;
  if (data.isError) return <Alert color="red">{data.error.message}</Alert>;
  return (
    <>
      <Text size="sm" c="dimmed">
        {data.data.supplierCode} {data.data.supplierName}
      </Text>
      <ChangeEditor
        side="supplier"
        start={{ supplierNo: data.data.supplierNo, record: data.data.record }}
        before={data.data.record}
        rules={{ factoryAdmin: false }}
        onSubmitted={onSubmitted}
      />
    </>
  );
}

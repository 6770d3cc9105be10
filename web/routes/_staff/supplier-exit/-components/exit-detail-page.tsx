import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import type { ExitDetail } from '#domain/supplier-exit/exit.ts';
import { exitDetailQuery, exitKeys } from '#web/api/supplier-exit.ts';
import { ApprovalCard } from '#web/components/approval-card.tsx';
import { downloadFile } from '#web/forms/index.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { Fact } from '#web/components/fact.tsx';
import { ExitFormPage } from './exit-form-page.tsx';
import { ExitEndButtons } from './exit-end-buttons.tsx';
import { ExitHistoryTable } from './exit-history-table.tsx';
import { EliminatedTag, ExitStatusBadge } from './exit-status.tsx';
import { formatDateTime } from '#web/components/date-time.ts';


/** An exit: its facts, the one approval card (approve, reject with a reason), terminate, and the supplier's exit history. */
export function ExitDetailPage({ flowNo }: { flowNo: string }) {
  const { i18n } = useLingui();
  const detail = useQuery(exitDetailQuery(flowNo, i18n.locale));
  if (detail.isLoading) return <PageLoader />;
  if (!detail.data) return <Alert color="red">{detail.error?.message ?? t`加载失败`}</Alert>;
  const d = detail.data;
  if (d.actions.edit) return <ExitFormPage key={d.flowNo} draft={d} />;
  return <ExitDetailView d={d} />;
}

function ExitDetailView({ d }: { d: ExitDetail }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const fmt = (iso: string | null) => formatDateTime(iso, i18n.locale, { empty: '' });
  const applying = d.status === 'submitted' && d.decidedBy;

  return (
    <Stack maw={1000}>
      <Group justify="space-between">
        <Title order={4}>
          <Trans>供应商退出</Trans> {d.flowNo}
        </Title>
        <Group>
          <ExitStatusBadge status={d.status} />
          <ExitEndButtons flowNo={d.flowNo} actions={d.actions} />
        </Group>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label={t`供应商`}>
            {d.supplierCode} {d.supplierName}
          </Fact>
          <Fact label={t`退出范围`}>{d.exitScope === 'SUPPLIER' ? t`供应商整体退出` : t`部分品类退出`}</Fact>
          <Fact label={t`退出类别`}>{d.exitCategoryName}</Fact>
          <Fact label={t`退出类型`}>{d.exitTypeNames.join(i18n.locale === 'en' ? ', ' : '、')}</Fact>
          <Fact label={t`发起人`}>{d.sponsor}</Fact>
          <Fact label={t`审批人`}>{d.approver}</Fact>
          <Fact label={t`提交时间`}>{fmt(d.submittedAt)}</Fact>
          <Fact label={t`完成时间`}>{fmt(d.finishedAt)}</Fact>
        </SimpleGrid>
        {d.exitScope === 'CATEGORY' && (
          <Group gap="xs" mt="md" data-testid="exit-detail-categories">
            <Text size="xs" c="dimmed">
              <Trans>退出品类</Trans>:
            </Text>
            {d.categoryList.map((c) => (
              <Text key={c.categoryCode} size="sm" span>
                {c.categoryName}
                {c.categoryLifeCycle === CATEGORY_LIFE_CYCLE.ELIMINATED && <EliminatedTag />}
              </Text>
            ))}
          </Group>
        )}
        <Fact label={t`退出原因`}>{d.reason}</Fact>
        {d.documentList.length > 0 && (
          <Group gap="xs" mt="xs">
            {d.documentList.map((doc) => (
              <Anchor key={doc.documentUrl} size="sm" onClick={() => void downloadFile(doc.documentUrl, doc.documentName, 'staff')}>
                {doc.documentName}
              </Anchor>
            ))}
          </Group>
        )}
      </Card>
      {applying && (
        <Alert color="blue">
          <Trans>审批已通过，正在生效（SAP 冻结采购、品类淘汰）…</Trans>
        </Alert>
      )}
      {d.erpMessage && <Alert color="orange">{t`SAP 冻结采购失败，请在 SAP 中手工处理：${d.erpMessage}`}</Alert>}
      {d.status !== 'draft' && <ApprovalCard kind="SUPPLIER_EXIT" of={d.flowNo} onDecided={() => void queryClient.invalidateQueries({ queryKey: exitKeys.all })} />}
      <Card withBorder>
        <Title order={5} mb="sm">
          <Trans>退出历史</Trans>
        </Title>
        <ExitHistoryTable supplierNo={d.supplierNo} />
      </Card>
      <Group>
        <Button variant="default" renderRoot={(props) => <Link {...props} to="/supplier-exit" />}>
          <Trans>返回列表</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

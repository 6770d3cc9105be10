import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Anchor, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApprovalSubject } from '#domain/cert-flow/approval-record.ts';
import { DIFF_SECTIONS, ROW_ID, type Comparable } from '#domain/supplier-change/diff.ts';
import { ComparisonView } from '#web/supplier-change/comparison-view.tsx';

/**
 * What the approver is asked to approve, above the records: the supplier-code round's release form (banks,
 * purchase data, invoice, files) read-only, with what differs from the round before and from the record the
 * ERP holds for an admitted supplier; or the high-potential application's conclusion, description and files.
 */
export function ApprovalSubjectView({ flowNo, subject }: { flowNo: string; subject: ApprovalSubject }) {
  return (
    <Paper withBorder p="md" data-testid="approval-subject">
      <Stack>
        <Group justify="space-between">
          <Title order={5}>
            <Trans>审批内容</Trans>
          </Title>
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/cert-flow/detail" search={{ id: flowNo }} />} data-testid="approval-flow-link">
            <Trans>查看认证流程</Trans>
          </Anchor>
        </Group>
        {subject.kind === 'SUPPLIER_CODE' ? <ReleaseSubject subject={subject} /> : <HighPotentialSubject subject={subject} />}
      </Stack>
    </Paper>
  );
}

type Compared = 'form' | 'previous' | 'erp';

/**
 * Two release forms (rounds of one application) keep their rows in place: rows carry no identity of their
 * own, so the n-th bank is compared with the n-th bank and an edited account reads as one modified row.
 */
function rowsByPosition(record: Comparable): Comparable {
  return Object.fromEntries(
    Object.entries(record).map(([section, value]) => [
      section,
      Array.isArray(value) ? value.map((row: Record<string, unknown>, i) => ({ ...row, [ROW_ID]: `${section}-${i}` })) : value,
    ]),
  );
}

function ReleaseSubject({ subject }: { subject: Extract<ApprovalSubject, { kind: 'SUPPLIER_CODE' }> }) {
  const { t } = useLingui();
  const [shown, setShown] = useState<Compared>(subject.previous ? 'previous' : 'form');
  return (
    <Tabs value={shown} onChange={(v) => setShown((v as Compared | null) ?? 'form')} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="form">{t`发布表单`}</Tabs.Tab>
        {subject.previous && <Tabs.Tab value="previous">{t`与上一轮提交比较`}</Tabs.Tab>}
        {subject.erpRecord && <Tabs.Tab value="erp">{t`与SAP现有记录比较`}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="form" pt="md">
        <ComparisonView before={subject.form} after={subject.form} sections={DIFF_SECTIONS} fileHref={(url) => url} labels={subject.labels} single />
      </Tabs.Panel>
      {subject.previous && (
        <Tabs.Panel value="previous" pt="md">
          <ComparisonView before={rowsByPosition(subject.previous)} after={rowsByPosition(subject.form)} sections={DIFF_SECTIONS} fileHref={(url) => url} labels={subject.labels} sideTitles={[t`上一轮提交`, t`本轮提交`]} />
        </Tabs.Panel>
      )}
      {subject.erpRecord && (
        <Tabs.Panel value="erp" pt="md">
          <ComparisonView before={subject.erpRecord} after={subject.form} sections={DIFF_SECTIONS} fileHref={(url) => url} labels={subject.labels} sideTitles={[t`SAP现有记录`, t`本轮提交`]} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}

function HighPotentialSubject({ subject }: { subject: Extract<ApprovalSubject, { kind: 'HIGH_POTENTIAL' }> }) {
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-start">
        <Text size="sm" c="dimmed" w={120}>
          <Trans>二阶段上会结论</Trans>
        </Text>
        <Text size="sm">{subject.conclusion ?? '-'}</Text>
      </Group>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" w={120}>
          <Trans>申请说明</Trans>
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {subject.description || '-'}
        </Text>
      </Group>
      <Group gap="sm" align="flex-start">
        <Text size="sm" c="dimmed" w={120}>
          <Trans>附件</Trans>
        </Text>
        <Stack gap={2}>
          {subject.documentList.length === 0 && <Text size="sm">-</Text>}
          {subject.documentList.map((d) => (
            <Anchor key={d.documentUrl} href={d.documentUrl} target="_blank" rel="noreferrer" size="sm">
              {d.documentName}
            </Anchor>
          ))}
        </Stack>
      </Group>
    </Stack>
  );
}

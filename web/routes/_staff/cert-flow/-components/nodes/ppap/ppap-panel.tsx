import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { PPAP_DISPOSITIONS, PSW_REASON_TEXT, type PpapDetail, type PpapDisposition } from '#domain/ppap/ppap.ts';
import { isApiError } from '#web/api/client.ts';
import { decidePpap, ppapQuery, reviewPpap, standardKeys } from '#web/api/standards.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { ReasonModal } from '#web/components/reason-modal.tsx';
import { confirmComplete, LoadFailed } from '../node-form-kit.tsx';
import type { NodePanelProps } from '../node-panel.ts';
import { APPROVAL_STATUS, ELEMENT_STATUS } from '#web/components/ppap-labels.ts';

/**
 * Sample certification as a PPAP submission (req flow §11): the level, the elements the supplier submits with their
 * files, accepted or returned one by one by the technical reviewer, the warrant, and its disposition.
 */
export function PpapPanel({ flow, onChanged }: Pick<NodePanelProps, 'flow' | 'onChanged'>) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(ppapQuery(flow.flowNo, i18n.locale));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: standardKeys.ppap(flow.flowNo) });
  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <Submission detail={query.data} onSaved={refresh} onDecided={() => (refresh(), onChanged())} />;
}

function Submission({ detail, onSaved, onDecided }: { detail: PpapDetail; onSaved: () => void; onDecided: () => void }) {
  const { i18n, t } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'zh';
  const [returning, setReturning] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string>();
  const review = useMutation({
    mutationFn: (v: { element: string; decision: 'ACCEPT' | 'RETURN'; reason?: string }) => reviewPpap({ flowNo: detail.flowNo, element: v.element, decision: v.decision, reason: v.reason }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      setReturning(null);
      onSaved();
    },
    onError: (err) => {
      if (isApiError(err)) setReasonError(err.fieldErrors.reason);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  const status = APPROVAL_STATUS[detail.approvalStatus];
  return (
    <Stack data-testid="ppap-panel">
      <Paper withBorder p="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={6}>
              <Trans>PPAP 提交等级 {detail.level}</Trans>
            </Title>
            <Badge color={status.color} data-testid="ppap-status">
              {i18n._(status.label)}
            </Badge>
          </Group>
          {detail.interimUntil && (
            <Text size="sm" data-testid="ppap-interim">
              <Trans>
                临时批准至 {detail.interimUntil}：{detail.conditions}
              </Trans>
            </Text>
          )}
        </Group>
        {detail.warrant ? (
          <Text size="sm" mt="xs" data-testid="ppap-warrant">
            <Trans>
              零件号 {detail.warrant.partNumber} · 图纸变更等级 {detail.warrant.drawingChangeLevel} · 提交原因 {PSW_REASON_TEXT[detail.warrant.reason][locale]}
            </Trans>
            {detail.warrant.reasonOther ? `（${detail.warrant.reasonOther}）` : ''}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" mt="xs">
            <Trans>供应商尚未提交零件提交保证书（PSW）</Trans>
          </Text>
        )}
      </Paper>

      <Table.ScrollContainer minWidth={640}>
        <Table data-testid="ppap-elements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th>{t`要素`}</Table.Th>
              <Table.Th>{t`状态`}</Table.Th>
              <Table.Th>{t`文件`}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.elements.map((e) => (
              <Table.Tr key={e.code} data-testid={`ppap-element-${e.code}`}>
                <Table.Td>{e.no}</Table.Td>
                <Table.Td>
                  {e.name}
                  {e.returnReason && (
                    <Text size="xs" c="orange">
                      {e.returnReason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={ELEMENT_STATUS[e.status].color}>
                    {i18n._(ELEMENT_STATUS[e.status].label)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {e.documentList.map((d) => (
                    <Anchor key={d.documentUrl} href={d.documentUrl} size="sm" display="block">
                      {d.documentName}
                    </Anchor>
                  ))}
                </Table.Td>
                <Table.Td>
                  {detail.mayAct && e.status === 'SUBMITTED' && (
                    <Group gap={4} wrap="nowrap">
                      <Button size="xs" onClick={() => review.mutate({ element: e.code, decision: 'ACCEPT' })} loading={review.isPending} data-testid={`ppap-accept-${e.code}`}>
                        <Trans>接受</Trans>
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setReturning(e.code)} data-testid={`ppap-return-${e.code}`}>
                        <Trans>退回</Trans>
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {detail.retained.length > 0 && (
        <Text size="sm" c="dimmed">
          <Trans>供应商存档、不提交的要素：</Trans>
          {detail.retained.map((r) => `${r.no} ${r.name}`).join('，')}
        </Text>
      )}
      <ReasonModal
        opened={!!returning}
        title={t`退回要素`}
        label={t`退回原因（供应商可见）`}
        error={reasonError}
        loading={review.isPending}
        onClose={() => setReturning(null)}
        onConfirm={(reason) => returning && review.mutate({ element: returning, decision: 'RETURN', reason })}
        testId="ppap-return"
      />
      {detail.mayAct && <DispositionForm detail={detail} onDecided={onDecided} />}
    </Stack>
  );
}

function DispositionForm({ detail, onDecided }: { detail: PpapDetail; onDecided: () => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const [v, setV] = useState<{ disposition: PpapDisposition | null; interimUntil: string; conditions: string; comment: string }>({ disposition: null, interimUntil: '', conditions: '', comment: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const label: Record<PpapDisposition, string> = { APPROVED: t`批准`, INTERIM: t`临时批准`, REJECTED: t`拒收` };
  const decide = useMutation({
    mutationFn: () => decidePpap({ flowNo: detail.flowNo, disposition: v.disposition!, interimUntil: v.interimUntil || null, conditions: v.conditions, comment: v.comment }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      onDecided();
    },
    onError: (err) => {
      if (isApiError(err)) setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  return (
    <Paper withBorder p="sm" data-testid="ppap-disposition">
      <Title order={6} mb="xs">
        <Trans>零件提交保证书处置</Trans>
      </Title>
      <Stack gap="xs" maw={520}>
        <Select
          label={t`处置`}
          withAsterisk
          data={PPAP_DISPOSITIONS.map((d) => ({ value: d, label: label[d], disabled: d !== 'REJECTED' && !detail.allAccepted }))}
          value={v.disposition}
          onChange={(d) => setV({ ...v, disposition: d as PpapDisposition | null })}
          error={tr(errors.disposition)}
          data-testid="ppap-disposition-select"
        />
        {v.disposition === 'INTERIM' && (
          <>
            <TextInput type="date" label={t`临时批准截止日期`} withAsterisk value={v.interimUntil} onChange={(e) => setV({ ...v, interimUntil: e.currentTarget.value })} error={tr(errors.interimUntil)} data-testid="ppap-interim-until" />
            <Textarea label={t`临时批准条件`} withAsterisk maxLength={500} value={v.conditions} onChange={(e) => setV({ ...v, conditions: e.currentTarget.value })} error={tr(errors.conditions)} data-testid="ppap-interim-conditions" />
          </>
        )}
        <Textarea label={t`说明`} maxLength={500} value={v.comment} onChange={(e) => setV({ ...v, comment: e.currentTarget.value })} />
        <Group justify="flex-end">
          <Button disabled={!v.disposition} onClick={() => confirmComplete(() => decide.mutate())} loading={decide.isPending} data-testid="ppap-decide">
            <Trans>保存处置并完成节点</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { VdaAction, VdaAuditDetail } from '#domain/vda63/audit.ts';
import { elementOf } from '#domain/vda63/catalogue.ts';
import { isApiError } from '#web/api/client.ts';
import { closeVdaAction, createVdaAction } from '#web/api/standards.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { ReasonModal } from '#web/components/reason-modal.tsx';

const STATUS_COLOR = { OPEN: 'orange', ANSWERED: 'blue', CLOSED: 'green' } as const;

export function ActionStatus({ action }: { action: VdaAction }) {
  const { t } = useLingui();
  const label = { OPEN: t`待供应商答复`, ANSWERED: t`待关闭`, CLOSED: t`已关闭` }[action.status];
  return (
    <Group gap={4}>
      <Badge color={STATUS_COLOR[action.status]} variant="light">
        {label}
      </Badge>
      {action.overdue && (
        <Badge color="red" variant="light">
          <Trans>已逾期</Trans>
        </Badge>
      )}
    </Group>
  );
}

/**
 * The audit's action items (req flow §10.4): each finding made an item, its owner, due date, status and the supplier's
 * answer; the element's expert turns findings into items and closes or returns answered ones. Open items are also
 * what the progress page and KCP2 list (`OpenAuditActions`).
 */
export function ActionItems({ detail, jobNumber, onChanged }: { detail: VdaAuditDetail; jobNumber: string; onChanged: () => void }) {
  const [creating, setCreating] = useState<{ questionId: string; step: string; finding: string } | null>(null);
  const mine = (questionId: string) => detail.elements.find((e) => e.code === elementOf(questionId))?.expertJobNumber === jobNumber;
  // Findings saved below 10 without an item yet, of this user's elements.
  const findings = detail.answers.filter((a) => a.score !== null && a.score < 10 && mine(a.questionId) && !detail.actions.some((x) => x.questionId === a.questionId && x.step === a.step));
  return (
    <Stack gap="xs" data-testid="vda-actions">
      <Title order={6}>
        <Trans>发现项与措施项</Trans>
      </Title>
      {findings.length > 0 && (
        <Group gap="xs">
          {findings.map((f) => (
            <Button key={`${f.questionId}@${f.step}`} size="xs" variant="light" onClick={() => setCreating({ questionId: f.questionId, step: f.step, finding: f.finding ?? '' })} data-testid={`vda-make-action-${f.questionId}`}>
              <Trans>为 {f.questionId} 生成措施项</Trans>
            </Button>
          ))}
        </Group>
      )}
      <ActionTable actions={detail.actions} flowNo={detail.flowNo} mayDecide={(a) => mine(a.questionId) && a.status === 'ANSWERED'} onChanged={onChanged} />
      {creating && <CreateActionModal flowNo={detail.flowNo} finding={creating} onClose={() => setCreating(null)} onSaved={onChanged} />}
    </Stack>
  );
}

export function ActionTable({ actions, flowNo, mayDecide, onChanged }: { actions: VdaAction[]; flowNo: string; mayDecide: (a: VdaAction) => boolean; onChanged: () => void }) {
  const { t } = useLingui();
  const [returning, setReturning] = useState<VdaAction | null>(null);
  const [error, setError] = useState<string>();
  const decide = useMutation({
    mutationFn: (v: { action: VdaAction; decision: 'CLOSE' | 'RETURN'; comment?: string }) => closeVdaAction({ flowNo, actionId: v.action.id, decision: v.decision, comment: v.comment }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      setReturning(null);
      onChanged();
    },
    onError: (err) => {
      if (isApiError(err)) setError(err.fieldErrors.comment);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  if (!actions.length) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>暂无措施项</Trans>
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table data-testid="vda-action-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`问题`}</Table.Th>
            <Table.Th>{t`发现项`}</Table.Th>
            <Table.Th>{t`要求的措施`}</Table.Th>
            <Table.Th>{t`责任人`}</Table.Th>
            <Table.Th>{t`完成日期`}</Table.Th>
            <Table.Th>{t`状态`}</Table.Th>
            <Table.Th>{t`供应商答复`}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {actions.map((a) => (
            <Table.Tr key={a.id} data-testid={`vda-action-${a.questionId}`}>
              <Table.Td>
                {a.questionId}
                {a.step && <Text size="xs" c="dimmed">{a.step}</Text>}
              </Table.Td>
              <Table.Td>{a.finding}</Table.Td>
              <Table.Td>{a.measure}</Table.Td>
              <Table.Td>{a.ownerName}</Table.Td>
              <Table.Td>{a.dueDate}</Table.Td>
              <Table.Td>
                <ActionStatus action={a} />
              </Table.Td>
              <Table.Td>
                {a.answer}
                {a.answerDocuments.map((d) => (
                  <Anchor key={d.documentUrl} href={d.documentUrl} size="xs" display="block">
                    {d.documentName}
                  </Anchor>
                ))}
              </Table.Td>
              <Table.Td>
                {mayDecide(a) && (
                  <Group gap={4} wrap="nowrap">
                    <Button size="xs" onClick={() => decide.mutate({ action: a, decision: 'CLOSE' })} loading={decide.isPending} data-testid={`vda-close-${a.questionId}`}>
                      <Trans>关闭</Trans>
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setReturning(a)}>
                      <Trans>退回</Trans>
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ReasonModal
        opened={!!returning}
        title={t`退回措施项`}
        label={t`退回原因`}
        error={error}
        loading={decide.isPending}
        onClose={() => setReturning(null)}
        onConfirm={(comment) => returning && decide.mutate({ action: returning, decision: 'RETURN', comment })}
      />
    </Table.ScrollContainer>
  );
}

function CreateActionModal({ flowNo, finding, onClose, onSaved }: { flowNo: string; finding: { questionId: string; step: string; finding: string }; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const [v, setV] = useState({ measure: '', ownerName: '', ownerEmail: '', dueDate: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => createVdaAction({ flowNo, questionId: finding.questionId, step: finding.step, ...v }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      onClose();
      onSaved();
    },
    onError: (err) => {
      if (isApiError(err)) setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  return (
    <Modal opened onClose={onClose} title={t`生成措施项：${finding.questionId}`}>
      <Stack gap="xs" data-testid="vda-action-form">
        <Text size="sm" c="dimmed">
          {finding.finding}
        </Text>
        <Textarea label={t`要求的措施`} withAsterisk maxLength={500} value={v.measure} onChange={(e) => setV({ ...v, measure: e.currentTarget.value })} error={tr(errors.measure)} />
        <TextInput label={t`供应商方责任人`} withAsterisk maxLength={50} value={v.ownerName} onChange={(e) => setV({ ...v, ownerName: e.currentTarget.value })} error={tr(errors.ownerName)} />
        <TextInput label={t`责任人邮箱`} withAsterisk maxLength={100} value={v.ownerEmail} onChange={(e) => setV({ ...v, ownerEmail: e.currentTarget.value })} error={tr(errors.ownerEmail)} />
        <TextInput type="date" label={t`完成日期`} withAsterisk value={v.dueDate} onChange={(e) => setV({ ...v, dueDate: e.currentTarget.value })} error={tr(errors.dueDate)} data-testid="vda-action-due" />
        <Group justify="flex-end">
          <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="vda-action-save">
            <Trans>发送给供应商</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

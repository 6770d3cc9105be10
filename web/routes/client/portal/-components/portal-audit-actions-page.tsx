import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import type { VdaAction } from '#domain/vda63/audit.ts';
import { isApiError } from '#web/api/client.ts';
import { answerVdaAction, portalActionsQuery, standardKeys } from '#web/api/standards.ts';
import { FormCallerProvider, useWorkCounter } from '#web/forms/caller.tsx';
import { MultiUploadField } from '#web/forms/multi-upload-field.tsx';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { PortalFrame } from './portal-frame.tsx';

/**
 * The process audit's action items of the supplier's flows (req flow §10.4): each finding, the measure asked for, the
 * owner and due date; an open one is answered with the measure taken and its evidence, a returned one shows why.
 */
export function PortalAuditActionsPage() {
  const { i18n, t } = useLingui();
  const list = useQuery(portalActionsQuery(i18n.locale));
  return (
    <PortalFrame title={t`审核措施项`}>
      {list.isPending ? (
        <Center h={160}>
          <Loader />
        </Center>
      ) : list.isError ? (
        <Alert color="red">
          <Trans>加载失败</Trans>
        </Alert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed">
          <Trans>暂无措施项</Trans>
        </Text>
      ) : (
        <Stack>
          {list.data.map((a) => (
            <ActionCard key={a.id} action={a} />
          ))}
        </Stack>
      )}
    </PortalFrame>
  );
}

function ActionCard({ action }: { action: VdaAction }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const queryClient = useQueryClient();
  const work = useWorkCounter();
  const [answer, setAnswer] = useState('');
  const [documents, setDocuments] = useState<DocumentItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: () => answerVdaAction({ actionId: action.id, answer, documentList: documents }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: standardKeys.portalActions });
    },
    onError: (err) => {
      if (isApiError(err)) setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  const status = { OPEN: t`待答复`, ANSWERED: t`已答复，待审核专家关闭`, CLOSED: t`已关闭` }[action.status];
  return (
    <Card withBorder data-testid={`portal-action-${action.questionId}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          {action.questionId} {action.questionText}
        </Text>
        <Group gap={4}>
          <Badge variant="light">{status}</Badge>
          {action.overdue && (
            <Badge color="red" variant="light">
              <Trans>已逾期</Trans>
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm">
        <Trans>发现项：</Trans>
        {action.finding}
      </Text>
      <Text size="sm">
        <Trans>要求的措施：</Trans>
        {action.measure}
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>
          责任人 {action.ownerName} · 完成日期 {action.dueDate} · 流程 {action.flowNo}
        </Trans>
      </Text>
      {action.returnComment && action.status === 'OPEN' && (
        <Alert color="orange" mt="xs">
          <Trans>审核专家退回：</Trans>
          {action.returnComment}
        </Alert>
      )}
      {action.answer && action.status !== 'OPEN' && (
        <Text size="sm" mt="xs">
          <Trans>已采取的措施：</Trans>
          {action.answer}
        </Text>
      )}
      {action.status === 'OPEN' && (
        <FormCallerProvider value={{ supplier: false, portal: true, beginWork: work.beginWork }}>
          <Stack gap="xs" mt="sm">
            <Textarea label={t`采取的措施`} withAsterisk maxLength={500} value={answer} onChange={(e) => setAnswer(e.currentTarget.value)} error={tr(errors.answer)} data-testid="portal-action-answer" />
            <MultiUploadField label={t`证据文件`} withAsterisk value={documents} onChange={setDocuments} error={tr(errors.documentList)} limit={5} />
            <Group justify="flex-end">
              <Button onClick={() => send.mutate()} loading={send.isPending} disabled={work.busy} data-testid="portal-action-submit">
                <Trans>提交答复</Trans>
              </Button>
            </Group>
          </Stack>
        </FormCallerProvider>
      )}
    </Card>
  );
}

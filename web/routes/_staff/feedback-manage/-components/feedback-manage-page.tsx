import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Card, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { FEEDBACK_ANSWER_MAX, FEEDBACK_STATUSES, FEEDBACK_TYPE_LABELS, type FeedbackStatus, type FeedbackView } from '#domain/feedback/feedback.ts';
import type { Locale } from '#domain/i18n.ts';
import { isApiError } from '#web/api/client.ts';
import { answerFeedback, closeFeedback, feedbackKeys, manageFeedbackQuery } from '#web/api/feedback.ts';
import { FeedbackFiles } from '#web/components/feedback/feedback-files.tsx';
import { FeedbackStatusBadge, feedbackStatusLabel } from '#web/components/feedback/feedback-status.tsx';
import { OptionSelect } from '#web/components/list-tools/index.ts';
import { TablePager } from '#web/components/table-pager.tsx';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

export interface FeedbackSearch {
  currentPage: number;
  pageSize: number;
  status?: FeedbackStatus;
}

/** The answer dialog: the feedback as sent, and the answer the sender is mailed. */
function AnswerModal({ item, onClose }: { item: FeedbackView | null; onClose: () => void }) {
  const tr = useRuleMessage();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: () => answerFeedback(item!.id, answer),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.manage() });
      setAnswer('');
      onClose();
    },
    onError: (err) => {
      setError(isApiError(err) ? err.fieldErrors.answer : undefined);
      notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    },
  });
  return (
    <Modal opened={item !== null} onClose={onClose} title={t`回复反馈`} centered size="lg">
      {item && (
        <Stack>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {item.context}
          </Text>
          <Textarea
            label={t`回复内容`}
            withAsterisk
            autosize
            minRows={4}
            maxLength={FEEDBACK_ANSWER_MAX}
            value={answer}
            onChange={(e) => setAnswer(e.currentTarget.value)}
            error={tr(error)}
            data-testid="feedback-answer"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>取消</Trans>
            </Button>
            <Button
              loading={send.isPending}
              onClick={() => (answer.trim() ? send.mutate() : setError('enterFeedbackAnswer'))}
              data-testid="feedback-answer-submit"
            >
              <Trans>回复并邮件通知</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Feedback management (administrators): every feedback with its sender and state; answer or close it. */
export function FeedbackManagePage({ search }: { search: FeedbackSearch }) {
  const { i18n } = useLingui();
  const locale = (i18n.locale || 'zh') as Locale;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery(manageFeedbackQuery(search));
  const [answering, setAnswering] = useState<FeedbackView | null>(null);
  const go = (next: Partial<FeedbackSearch>) => void navigate({ to: '/feedback-manage', search: { ...search, ...next } });
  const close = useMutation({
    mutationFn: closeFeedback,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.manage() });
    },
  });
  const confirmClose = (f: FeedbackView) =>
    openConfirmModal({
      title: t`关闭反馈`,
      children: <Text size="sm">{t`关闭后不能再回复，确定关闭吗？`}</Text>,
      labels: { confirm: t`关闭`, cancel: t`取消` },
      onConfirm: () => close.mutate(f.id),
    });

  return (
    <Stack>
      <Card withBorder>
        <OptionSelect w={200} label={t`状态`} options={FEEDBACK_STATUSES} optionLabel={feedbackStatusLabel} value={search.status} onChange={(status) => go({ status, currentPage: 1 })} />
      </Card>
      <Card withBorder>
        <Table striped data-testid="feedback-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`问题类型`}</Table.Th>
              <Table.Th>{t`内容`}</Table.Th>
              <Table.Th>{t`附件`}</Table.Th>
              <Table.Th>{t`反馈人`}</Table.Th>
              <Table.Th>{t`反馈时间`}</Table.Th>
              <Table.Th>{t`状态`}</Table.Th>
              <Table.Th>{t`回复`}</Table.Th>
              <Table.Th>{t`操作`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.records ?? []).map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>{FEEDBACK_TYPE_LABELS[f.type][locale]}</Table.Td>
                <Table.Td maw={320} style={{ whiteSpace: 'pre-wrap' }}>
                  {f.context}
                </Table.Td>
                <Table.Td>
                  <FeedbackFiles files={f.fileList} session="staff" />
                </Table.Td>
                <Table.Td>
                  {f.senderName}
                  <Text size="xs" c="dimmed">
                    {f.senderKind === 'portal' ? t`供应商` : t`员工`} {f.senderEmail}
                  </Text>
                </Table.Td>
                <Table.Td>{f.createTime}</Table.Td>
                <Table.Td>
                  <FeedbackStatusBadge status={f.status} />
                </Table.Td>
                <Table.Td maw={240} style={{ whiteSpace: 'pre-wrap' }}>
                  {f.answer}
                </Table.Td>
                <Table.Td>
                  {f.status !== 'CLOSED' && (
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" onClick={() => setAnswering(f)} data-testid="feedback-answer-open">
                        <Trans>回复</Trans>
                      </Button>
                      <Button size="compact-xs" variant="subtle" color="gray" onClick={() => confirmClose(f)} data-testid="feedback-close">
                        <Trans>关闭</Trans>
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {list.data && !list.data.records.length && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            <Trans>暂无反馈</Trans>
          </Text>
        )}
        {list.data && (
          <TablePager total={list.data.total} page={search.currentPage} pageSize={search.pageSize} onPage={(p) => go({ currentPage: p })} onPageSize={(n) => go({ pageSize: n, currentPage: 1 })} />
        )}
      </Card>
      <AnswerModal item={answering} onClose={() => setAnswering(null)} />
    </Stack>
  );
}

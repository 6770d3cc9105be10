import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Center, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { FEEDBACK_TYPE_LABELS } from '#domain/feedback/feedback.ts';
import type { Locale } from '#domain/i18n.ts';
import { myFeedbackDetailQuery } from '#web/api/feedback.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { FeedbackFiles } from '#web/components/feedback/feedback-files.tsx';
import { FeedbackStatusBadge } from '#web/components/feedback/feedback-status.tsx';
import { PortalFrame } from './portal-frame.tsx';

/** One feedback the supplier sent: type, state, content and attachments as sent, and the answer once there is one. */
export function PortalFeedbackDetailPage({ id }: { id: number }) {
  const { i18n } = useLingui();
  const tr = useRuleMessage();
  const locale = (i18n.locale || 'zh') as Locale;
  const item = useQuery({ ...myFeedbackDetailQuery(id), enabled: id > 0 });
  const back = (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/client/portal/feedback" search={{ currentPage: 1, pageSize: 20 }} />}>
      <Trans>返回我的反馈</Trans>
    </Anchor>
  );
  return (
    <PortalFrame title={<Trans>反馈详情</Trans>}>
      <Stack maw={860} mx="auto">
        {back}
        {id <= 0 || item.isError ? (
          // Another account's feedback answers 404 like a missing one: the page says the same for both.
          <Alert color="red" data-testid="portal-feedback-missing">
            {item.error?.message ?? tr('feedbackNotFound')}
          </Alert>
        ) : item.isPending ? (
          <Center h={160}>
            <Loader />
          </Center>
        ) : (
          <Paper withBorder p="md" data-testid="portal-feedback-detail">
            <Group justify="space-between" mb="sm">
              <Title order={5}>{FEEDBACK_TYPE_LABELS[item.data.type][locale]}</Title>
              <FeedbackStatusBadge status={item.data.status} />
            </Group>
            <Text size="xs" c="dimmed" mb="xs">
              <Trans>反馈时间</Trans>: {item.data.createTime}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="portal-feedback-context">
              {item.data.context}
            </Text>
            {item.data.fileList.length > 0 && (
              <>
                <Divider my="sm" label={<Trans>附件</Trans>} labelPosition="left" />
                <FeedbackFiles files={item.data.fileList} session="portal" />
              </>
            )}
            <Divider my="sm" label={<Trans>回复</Trans>} labelPosition="left" />
            {item.data.answer ? (
              <Stack gap={4} data-testid="portal-feedback-answer">
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {item.data.answer}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.data.answeredByName} {item.data.answeredAt}
                </Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed" data-testid="portal-feedback-no-answer">
                <Trans>尚未回复</Trans>
              </Text>
            )}
          </Paper>
        )}
      </Stack>
    </PortalFrame>
  );
}

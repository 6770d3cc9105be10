import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { FEEDBACK_TYPE_LABELS } from '#domain/feedback/feedback.ts';
import type { Locale } from '#domain/i18n.ts';
import { myFeedbackQuery } from '#web/api/feedback.ts';
import { FeedbackStatusBadge } from '#web/components/feedback/feedback-status.tsx';
import { TablePager } from '#web/components/table-pager.tsx';
import { PortalFrame } from './portal-frame.tsx';

type Paging = { currentPage: number; pageSize: number };

/**
 * The supplier's own feedback (req shell §2.7): type, content, when it was sent, its state and whether it was
 * answered, newest first; each opens its detail. New feedback is sent with the header's 意见反馈 button.
 */
export function PortalFeedbackListPage({ search }: { search: Paging }) {
  const { t, i18n } = useLingui();
  const locale = (i18n.locale || 'zh') as Locale;
  const navigate = useNavigate();
  const list = useQuery(myFeedbackQuery(search));
  const go = (next: Partial<Paging>) => void navigate({ to: '/client/portal/feedback', search: { ...search, ...next } });
  const records = list.data?.records ?? [];
  return (
    <PortalFrame title={<Trans>我的反馈</Trans>}>
      <Paper withBorder p="md" maw={1100} mx="auto">
        <Stack>
          <Table.ScrollContainer minWidth={640}>
            <Table striped data-testid="portal-feedback-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t`问题类型`}</Table.Th>
                  <Table.Th>{t`内容`}</Table.Th>
                  <Table.Th>{t`反馈时间`}</Table.Th>
                  <Table.Th>{t`状态`}</Table.Th>
                  <Table.Th>{t`操作`}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((f) => (
                  <Table.Tr key={f.id} data-feedback-id={f.id}>
                    <Table.Td>{FEEDBACK_TYPE_LABELS[f.type][locale]}</Table.Td>
                    <Table.Td maw={420}>
                      <Text size="sm" lineClamp={2}>
                        {f.context}
                      </Text>
                    </Table.Td>
                    <Table.Td>{f.createTime}</Table.Td>
                    <Table.Td>
                      <FeedbackStatusBadge status={f.status} />
                    </Table.Td>
                    <Table.Td>
                      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/client/portal/feedback/detail" search={{ id: f.id }} />} data-testid="portal-feedback-open">
                        {f.answer ? <Trans>查看回复</Trans> : <Trans>查看</Trans>}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data && !records.length && (
            <Text size="sm" c="dimmed" ta="center">
              <Trans>暂无反馈，可点击右上角“意见反馈”提交</Trans>
            </Text>
          )}
          {list.isError && <Text c="red">{list.error.message}</Text>}
          {list.data && (
            <TablePager total={list.data.total} page={search.currentPage} pageSize={search.pageSize} onPage={(p) => go({ currentPage: p })} onPageSize={(n) => go({ pageSize: n, currentPage: 1 })} />
          )}
        </Stack>
      </Paper>
    </PortalFrame>
  );
}

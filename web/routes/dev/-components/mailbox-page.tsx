import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { TablePager } from '#web/components/table-pager.tsx';
import { Alert, Box, Button, Container, Grid, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { mailboxListQuery } from '#web/api/dev-mailbox.ts';
import { isApiError } from '#web/api/client.ts';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { MailView } from './mail-view.tsx';
import { StatusBadge, formatTime } from './mail-status.tsx';

export interface MailboxSearch {
  to?: string;
  id?: number;
  currentPage: number;
  pageSize: number;
}

/** The mails the embedded stack "sent": a list on the left, the selected mail on the right. */
export function MailboxPage({ search, onSearch }: { search: MailboxSearch; onSearch: (next: Partial<MailboxSearch>) => void }) {
  const [draftTo, setDraftTo] = useState(search.to ?? '');
  useEffect(() => setDraftTo(search.to ?? ''), [search.to]);
  const list = useQuery(mailboxListQuery({ to: search.to, currentPage: search.currentPage, pageSize: search.pageSize }));
  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;
  const unavailable = isApiError(list.error) && list.error.status === 404;
  const forbidden = isApiError(list.error) && list.error.status === 403;

  return (
    <Container size="xl" py="lg">
      <Stack>
        <Group justify="space-between">
          <div>
            <Title order={3}>
              <Trans>开发邮箱</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>本地安装未配置 SMTP 时，系统发出的邮件保存在这里。</Trans>
            </Text>
          </div>
          <LanguageSwitch />
        </Group>

        {unavailable ? (
          <Alert color="yellow" title={t`开发邮箱不可用`}>
            <Trans>只有未配置 SMTP 的开发环境（APP_ENV=dev）才有开发邮箱，这里不保存邮件。</Trans>
          </Alert>
        ) : forbidden ? (
          <Alert color="red" title={t`无权查看开发邮箱`}>
            <Trans>开发邮箱需要 ops:dev-mailbox 权限（开发环境的 admin 账号拥有）。</Trans>
          </Alert>
        ) : (
          <Grid>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Paper withBorder p="sm">
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    onSearch({ to: draftTo.trim() || undefined, currentPage: 1, id: undefined });
                  }}
                >
                  <Group align="flex-end" gap="xs">
                    <TextInput
                      style={{ flex: 1 }}
                      label={<Trans>收件人</Trans>}
                      placeholder="name@example.com"
                      value={draftTo}
                      onChange={(e) => setDraftTo(e.currentTarget.value)}
                    />
                    <Button type="submit"><Trans>查询</Trans></Button>
                    <Button
                      variant="default"
                      onClick={() => {
                        setDraftTo('');
                        onSearch({ to: undefined, currentPage: 1, id: undefined });
                      }}
                    >
                      <Trans>重置</Trans>
                    </Button>
                  </Group>
                </form>

                {list.isError && (
                  <Alert color="red" mt="sm">
                    {list.error.message}
                  </Alert>
                )}

                <Table highlightOnHover mt="sm" data-testid="mailbox-list">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th><Trans>收件人</Trans></Table.Th>
                      <Table.Th><Trans>主题</Trans></Table.Th>
                      <Table.Th><Trans>时间</Trans></Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {records.map((m) => (
                      <Table.Tr
                        key={m.id}
                        onClick={() => onSearch({ id: m.id })}
                        bg={m.id === search.id ? 'var(--mantine-color-blue-light)' : undefined}
                        style={{ cursor: 'pointer' }}
                        aria-selected={m.id === search.id}
                      >
                        <Table.Td>
                          <Text size="sm" style={{ wordBreak: 'break-all' }}>{m.to}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={500}>{m.subject}</Text>
                          {m.status !== 'stored' && <StatusBadge status={m.status} />}
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" c="dimmed">{formatTime(m.createdAt)}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                    {!list.isLoading && records.length === 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={3}>
                          <Text c="dimmed" ta="center" py="lg">
                            <Trans>暂无邮件</Trans>
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                </Table>

                <Box mt="sm">
                  <TablePager size="sm" total={total} page={search.currentPage} pageSize={search.pageSize} onPage={(n) => onSearch({ currentPage: n })} />
                </Box>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Box>
                {search.id ? (
                  <MailView id={search.id} />
                ) : (
                  <Paper withBorder p="xl">
                    <Text c="dimmed" ta="center">
                      <Trans>选择左侧的一封邮件查看内容</Trans>
                    </Text>
                  </Paper>
                )}
              </Box>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}

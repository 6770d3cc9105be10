import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { mailboxMailQuery } from '#web/api/dev-mailbox.ts';
import { StatusBadge, formatTime } from './mail-status.tsx';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its http(s) links made clickable (an invitation link, a task link). */
function LinkedText({ text }: { text: string }) {
  return (
    <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', margin: 0 }}>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <Anchor key={i} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </Anchor>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

/**
 * The HTML body in a sandboxed frame: no scripts, no access to this page; links open in a new tab
 * (allow-popups), so the invitation link can be followed from here.
 */
function HtmlBody({ html }: { html: string }) {
  const doc = `<base target="_blank">${html}`;
  return (
    <iframe
      title="mail"
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={doc}
      style={{ width: '100%', height: 520, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, background: '#fff' }}
    />
  );
}

export function MailView({ id }: { id: number }) {
  const mail = useQuery(mailboxMailQuery(id));
  if (mail.isLoading) {
    return (
      <Paper withBorder p="xl">
        <Group justify="center">
          <Loader size="sm" />
        </Group>
      </Paper>
    );
  }
  if (mail.isError || !mail.data) {
    return (
      <Alert color="red">
        {mail.error?.message ?? <Trans>邮件不存在</Trans>}
      </Alert>
    );
  }
  const m = mail.data;
  return (
    <Paper withBorder p="md" data-testid="mail-view">
      <Stack gap="xs">
        <Title order={4}>{m.subject}</Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed"><Trans>收件人</Trans>:</Text>
          <Text size="sm">{m.to}</Text>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed"><Trans>时间</Trans>:</Text>
          <Text size="sm">{formatTime(m.createdAt)}</Text>
          <StatusBadge status={m.status} />
        </Group>
        <Tabs defaultValue="html" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="html">HTML</Tabs.Tab>
            <Tabs.Tab value="text"><Trans>纯文本</Trans></Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="html" pt="sm">
            <HtmlBody html={m.html} />
          </Tabs.Panel>
          <Tabs.Panel value="text" pt="sm">
            <LinkedText text={m.text} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}

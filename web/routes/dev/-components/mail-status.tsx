import { Trans } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { MailboxEntry } from '#web/api/dev-mailbox.ts';

export const formatTime = (iso: string) => new Date(iso).toLocaleString();

export function StatusBadge({ status }: { status: MailboxEntry['status'] }) {
  if (status === 'sent') return <Badge color="green" variant="light"><Trans>已发送</Trans></Badge>;
  if (status === 'failed') return <Badge color="red" variant="light"><Trans>发送失败</Trans></Badge>;
  return <Badge color="gray" variant="light"><Trans>已存入发件箱</Trans></Badge>;
}

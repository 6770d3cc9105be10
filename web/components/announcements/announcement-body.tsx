import { Anchor, Group, Typography } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { AnnouncementView } from '#domain/announcement/announcement.ts';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import type { ReaderSide } from '#web/api/announcements.ts';
import { downloadFile } from '#web/forms/upload.ts';

/**
 * An announcement's body and attachment. The HTML was sanitised by the server when it was written
 * (no script, event handler or javascript: URL is stored), so it is rendered as HTML here.
 */
export function AnnouncementBody({ item, side }: { item: AnnouncementView; side: ReaderSide }) {
  const { t } = useLingui();
  const download = async () => {
    try {
      await downloadFile(item.fileUrl!, item.fileUrlName ?? 'file', side);
    } catch (err) {
      notifications.show({ color: 'red', message: isApiError(err) && err.message ? err.message : t`下载失败`, autoClose: ERROR_TOAST_MS });
    }
  };
  return (
    <>
      <Typography fz="sm" data-testid="announcement-content">
        <div dangerouslySetInnerHTML={{ __html: item.context }} />
      </Typography>
      {item.fileUrl && (
        <Group gap={4} mt="xs" wrap="nowrap">
          <IconPaperclip size={14} />
          <Anchor
            size="sm"
            href={item.fileUrl}
            onClick={(e) => {
              e.preventDefault();
              void download();
            }}
          >
            {item.fileUrlName ?? t`附件`}
          </Anchor>
        </Group>
      )}
    </>
  );
}

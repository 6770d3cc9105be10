import { Anchor, Stack } from '@mantine/core';
import type { FeedbackView } from '#domain/feedback/feedback.ts';
import { downloadFile, type FileSession } from '#web/forms/upload.ts';

/** A feedback's attachments, downloaded with the reader's session (a supplier's token would not go along with a plain link). */
export function FeedbackFiles({ files, session }: { files: FeedbackView['fileList']; session: FileSession }) {
  return (
    <Stack gap={2}>
      {files.map((file, i) => (
        <Anchor
          key={i}
          size="sm"
          href={file.url}
          onClick={(e) => {
            e.preventDefault();
            void downloadFile(file.url, file.name, session);
          }}
        >
          {file.name}
        </Anchor>
      ))}
    </Stack>
  );
}

import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ActionIcon, Anchor, Button, FileButton, Group, Input, Progress, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '#domain/i18n.ts';
import { UPLOAD_EXTENSIONS } from '#domain/files.ts';
import { translate } from '#web/rule-messages.ts';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { useFormCaller, useFormReadOnly } from './caller.tsx';
import { checkUpload, downloadFile, uploadFile } from './upload.ts';

/** An uploaded file as the sections keep it: its name and its URL, in two fields. */
interface FileValue {
  name?: string | null;
  url?: string | null;
}

/**
 * One file (req rfi §5 "File upload"): size and extension are checked before sending
 * ('上传文件不能超过30M', fileTypeNotAllowed); the upload shows its progress; a failed upload clears
 * the value. The stored file shows as its name, a download link. Bind it with `useFileField(form)`.
 */
export interface UploadFieldProps {
  value: FileValue;
  /** `{ name: '', url: '' }` when cleared. */
  onChange: (next: { name: string; url: string }) => void;
  error?: ReactNode;
  label?: ReactNode;
  withAsterisk?: boolean;
  description?: ReactNode;
  /** Shows the file only (no upload, no removal). */
  readOnly?: boolean;
  disabled?: boolean;
  /** Allowed extensions; the requirements’ list by default. */
  extensions?: readonly string[];
  /** Leaves out the allowed-types line (tables show it once above). */
  hideHint?: boolean;
}

export function UploadField({ value, onChange, error, label, withAsterisk, description, readOnly, disabled, extensions = UPLOAD_EXTENSIONS, hideHint }: UploadFieldProps) {
  const { t, i18n } = useLingui();
  const tr = useRuleMessage();
  const caller = useFormCaller();
  const formReadOnly = useFormReadOnly();
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const resetFile = useRef<() => void>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const clear = () => onChange({ name: '', url: '' });
  const warn = (message: string, color = 'red') => notifications.show({ color, message, autoClose: ERROR_TOAST_MS });

  async function pick(file: File | null) {
    resetFile.current?.();
    if (!file) return;
    const refused = checkUpload(file, extensions);
    if (refused) {
      warn(translate(refused, i18n.locale as Locale), refused === 'fileTooLarge' ? 'yellow' : 'red');
      clear();
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const endWork = caller.beginWork?.();
    setProgress(0);
    try {
      const result = await uploadFile(caller.uploadPath, file, { session: caller.session, onProgress: setProgress, signal: controller.signal });
      onChange({ name: result.fileName, url: result.url });
    } catch (err) {
      if (controller.signal.aborted) return;
      console.error('upload failed', err);
      clear();
      warn(isApiError(err) && err.message ? err.message : t`上传失败`);
    } finally {
      endWork?.();
      if (abort.current === controller) {
        abort.current = null;
        setProgress(null);
      }
    }
  }

  async function download() {
    if (!value.url) return;
    try {
      await downloadFile(value.url, value.name || 'file', caller.session);
    } catch (err) {
      warn(isApiError(err) && err.message ? err.message : t`下载失败`);
    }
  }

  const locked = readOnly || disabled || formReadOnly;
  return (
    <Input.Wrapper label={label} withAsterisk={withAsterisk} description={description} error={tr(error)}>
      <Group gap="xs" mt={4} wrap="nowrap" mih={36}>
        {!locked && (
          <FileButton onChange={pick} accept={extensions.map((e) => `.${e}`).join(',')} resetRef={resetFile}>
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />} loading={progress !== null}>
                {value.url ? <Trans>重新上传</Trans> : <Trans>上传文件</Trans>}
              </Button>
            )}
          </FileButton>
        )}
        {value.url ? (
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconPaperclip size={14} style={{ flexShrink: 0 }} />
            {/* A link, not a button: it stays usable inside a disabled (read-only) fieldset. */}
            <Anchor
              href={value.url}
              size="sm"
              truncate
              title={value.name ?? ''}
              onClick={(e) => {
                e.preventDefault();
                void download();
              }}
            >
              {value.name || t`下载`}
            </Anchor>
            {!locked && (
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t`删除文件`} onClick={clear}>
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
        ) : (
          locked && (
            <Text size="sm" c="dimmed">
              -
            </Text>
          )
        )}
      </Group>
      {progress !== null && <Progress value={progress} size="sm" mt={6} animated aria-label={t`上传进度`} />}
      {!locked && !hideHint && <UploadHint extensions={extensions} />}
    </Input.Wrapper>
  );
}

/** The allowed types and the size limit, as said under an upload (req rfi §5). */
export function UploadHint({ extensions = UPLOAD_EXTENSIONS }: { extensions?: readonly string[] }) {
  const allowed = extensions.join(', ');
  return (
    <Text size="xs" c="dimmed" mt={4}>
      <Trans>支持 {allowed}，单个文件不超过30M</Trans>
    </Text>
  );
}

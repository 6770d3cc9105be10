import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ActionIcon, Anchor, Button, FileButton, Group, Input, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconUpload, IconX } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '#domain/i18n.ts';
import { DEFAULT_MULTI_FILE_LIMIT, UPLOAD_EXTENSIONS } from '#domain/files.ts';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { type MessageId, withParams } from '#domain/messages.ts';
import { translate } from '#web/rule-messages.ts';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { useFormCaller, useFormReadOnly } from './caller.tsx';
import { checkUpload, downloadFile, uploadFile } from './upload.ts';
import { UploadHint } from './upload-field.tsx';

export interface MultiUploadFieldProps {
  value: DocumentItem[];
  onChange: (next: DocumentItem[]) => void;
  error?: ReactNode;
  label?: ReactNode;
  withAsterisk?: boolean;
  description?: ReactNode;
  /** Shows the files only (download links). */
  readOnly?: boolean;
  disabled?: boolean;
  /** Most files the list holds; 5 by default (req flow §5.14). */
  limit?: number;
  /** Allowed extensions; the requirements’ list by default. */
  extensions?: readonly string[];
  /** The rule message when the list is full ('tooManyFiles' with the limit by default; feedback says its own). */
  limitMessage?: MessageId;
  /** The message of a failed upload without a server message ('上传失败' by default). */
  failedMessage?: MessageId;
}

/**
 * A list of 1..N attachments (req flow §5.14, §8), each file uploaded on its own: size and type are
 * checked before sending ('上传文件不能超过30M'), the upload shows its progress, a failed upload never
 * joins the list. Each stored file is a download link with a remove button.
 */
export function MultiUploadField(props: MultiUploadFieldProps) {
  const { value, onChange, error, label, withAsterisk, description, readOnly, disabled } = props;
  const limit = props.limit ?? DEFAULT_MULTI_FILE_LIMIT;
  const extensions = props.extensions ?? UPLOAD_EXTENSIONS;
  const { t, i18n } = useLingui();
  const tr = useRuleMessage();
  const caller = useFormCaller();
  const formReadOnly = useFormReadOnly();
  const [pending, setPending] = useState<{ name: string; percent: number } | null>(null);
  const latest = useRef(value);
  latest.current = value;
  const abort = useRef<AbortController | null>(null);
  const resetFiles = useRef<() => void>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const warn = (message: string, color = 'red') => notifications.show({ color, message, autoClose: ERROR_TOAST_MS });
  const locale = i18n.locale as Locale;

  async function pick(picked: File | File[] | null) {
    resetFiles.current?.();
    const files = picked === null ? [] : Array.isArray(picked) ? picked : [picked];
    for (const file of files) {
      if (latest.current.length >= limit) {
        warn(translate(props.limitMessage ?? withParams('tooManyFiles', { max: limit }), locale), 'yellow');
        return;
      }
      const refused = checkUpload(file, extensions);
      if (refused) {
        warn(translate(refused, locale), refused === 'fileTooLarge' ? 'yellow' : 'red');
        continue;
      }
      const controller = new AbortController();
      abort.current = controller;
      const endWork = caller.beginWork?.();
      setPending({ name: file.name, percent: 0 });
      try {
        const result = await uploadFile(caller.uploadPath, file, {
          session: caller.session,
          onProgress: (percent) => setPending({ name: file.name, percent }),
          signal: controller.signal,
        });
        latest.current = [...latest.current, { documentName: result.fileName, documentUrl: result.url }];
        onChange(latest.current);
      } catch (err) {
        if (controller.signal.aborted) return;
        console.error('upload failed', err);
        warn(isApiError(err) && err.message ? err.message : props.failedMessage ? translate(props.failedMessage, locale) : t`上传失败`);
      } finally {
        endWork?.();
        setPending(null);
        if (abort.current === controller) abort.current = null;
      }
    }
  }

  async function download(doc: DocumentItem) {
    try {
      await downloadFile(doc.documentUrl, doc.documentName || 'file', caller.session);
    } catch (err) {
      warn(isApiError(err) && err.message ? err.message : t`下载失败`);
    }
  }

  const locked = readOnly || disabled || formReadOnly;
  const full = value.length >= limit;
  return (
    <Input.Wrapper label={label} withAsterisk={withAsterisk} description={description} error={tr(error)}>
      <Stack gap={4} mt={4}>
        {!locked && (
          <Group gap="xs">
            <FileButton onChange={pick} accept={extensions.map((e) => `.${e}`).join(',')} multiple={limit > 1} resetRef={resetFiles} disabled={full || pending !== null}>
              {(p) => (
                <Button {...p} variant="light" size="xs" leftSection={<IconUpload size={14} />} loading={pending !== null} disabled={full}>
                  <Trans>上传文件</Trans>
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {value.length}/{limit}
            </Text>
          </Group>
        )}
        {value.map((doc, i) => (
          <Group key={`${doc.documentUrl}-${i}`} gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconPaperclip size={14} style={{ flexShrink: 0 }} />
            <Anchor
              href={doc.documentUrl}
              size="sm"
              truncate
              title={doc.documentName}
              onClick={(e) => {
                e.preventDefault();
                void download(doc);
              }}
            >
              {doc.documentName || t`下载`}
            </Anchor>
            {!locked && (
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t`删除文件`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {pending && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" truncate>
              {pending.name}
            </Text>
            <Progress value={pending.percent} size="sm" animated aria-label={t`上传进度`} />
          </Stack>
        )}
        {locked && !value.length && (
          <Text size="sm" c="dimmed">
            -
          </Text>
        )}
      </Stack>
      {!locked && <UploadHint extensions={extensions} />}
    </Input.Wrapper>
  );
}

import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { FEEDBACK_CONTEXT_MAX, FEEDBACK_FILES_MAX, FEEDBACK_TYPE_LABELS, FEEDBACK_TYPES, feedbackAddRequest, type FeedbackAddInput } from '#domain/feedback/feedback.ts';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import { isApiError } from '#web/api/client.ts';
import { FEEDBACK_UPLOAD_PATH, addFeedback, feedbackKeys } from '#web/api/feedback.ts';
import { FormCallerProvider, useWorkCounter } from '#web/forms/caller.tsx';
import { MultiUploadField } from '#web/forms/multi-upload-field.tsx';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';

const EMPTY: FeedbackAddInput = { type: undefined as unknown as FeedbackAddInput['type'], context: '', fileUrlList: [] };

/**
 * The feedback form (req shell §2.7, §5.4): type, content and up to 10 attachments, each uploaded on its own
 * (a failed upload says '上传文件失败' or the server's message and never joins the list). The rules are
 * the domain schema the server applies; success says '反馈成功！'. Staff and portal accounts (`portal`).
 */
export function FeedbackForm({ portal, onDone }: { portal: boolean; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const locale = (i18n.locale || 'zh') as Locale;
  const form = useForm<FeedbackAddInput>({ mode: 'uncontrolled', initialValues: EMPTY, validate: zod4Resolver(feedbackAddRequest) });
  const field = useFieldProps(form);
  const [files, setFiles] = useState<DocumentItem[]>([]);
  const work = useWorkCounter();
  const queryClient = useQueryClient();

  const send = useMutation({
    mutationFn: (v: FeedbackAddInput) => addFeedback(v, portal),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      // The sender's own list shows it at once.
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.mine() });
      onDone();
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    },
  });

  return (
    <FormCallerProvider value={{ supplier: false, portal, uploadPath: FEEDBACK_UPLOAD_PATH, beginWork: work.beginWork }}>
      <form onSubmit={form.onSubmit((v) => send.mutate(v))} noValidate>
        <Stack>
          <Select
            label={t`问题类型`}
            withAsterisk
            data-testid="feedback-type"
            placeholder={t`请选择问题类型`}
            data={FEEDBACK_TYPES.map((type) => ({ value: type, label: FEEDBACK_TYPE_LABELS[type][locale] }))}
            key={form.key('type')}
            {...field('type')}
          />
          <Textarea label={t`内容`} withAsterisk autosize minRows={4} maxLength={FEEDBACK_CONTEXT_MAX} data-testid="feedback-context" key={form.key('context')} {...field('context')} />
          <MultiUploadField
            label={t`附件`}
            limit={FEEDBACK_FILES_MAX}
            limitMessage="feedbackTooManyFiles"
            failedMessage="feedbackUploadFailed"
            value={files}
            error={form.errors.fileUrlList ? translate(String(form.errors.fileUrlList), locale) : undefined}
            onChange={(next) => {
              setFiles(next);
              form.setFieldValue('fileUrlList', next.map((f) => f.documentUrl));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" loading={send.isPending} disabled={work.busy} data-testid="feedback-submit">
              <Trans>提交</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCallerProvider>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea, TextInput, Typography } from '@mantine/core';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_CONTEXT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  announcementForm,
  type AnnouncementDetail,
  type AnnouncementFormInput,
} from '#domain/announcement/announcement.ts';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { isApiError } from '#web/api/client.ts';
import { announcementKeys, audienceRolesQuery, publishAnnouncement, saveAnnouncement } from '#web/api/announcements.ts';
import { smallCategoriesQuery } from '#web/api/reference.ts';
import { FormCallerProvider, useStaffUploads } from '#web/forms/caller.tsx';
import { MultiUploadField } from '#web/forms/multi-upload-field.tsx';
import { useFieldProps, useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { AUDIENCE_LABELS } from './audience.ts';

const EMPTY: AnnouncementFormInput = { title: '', context: '', audience: 'ALL_STAFF', audienceCode: null, releaseTime: null, isPopUp: false, fileUrl: null };

const formOf = (d: AnnouncementDetail): AnnouncementFormInput => ({
  id: d.id,
  title: d.title,
  context: d.context,
  audience: d.audience,
  audienceCode: d.audienceCode,
  releaseTime: d.releaseTime,
  isPopUp: d.isPopUp,
  fileUrl: d.fileUrl,
});

/**
 * The announcement editor: title, who reads it, an optional release time (empty: on publishing), the
 * pop-up flag, the body as basic HTML with a preview (the server sanitises it; the preview shows the
 * text as typed) and one attachment. Save keeps a draft; publish releases it.
 */
export function AnnouncementEditor({ draft, onDone }: { draft?: AnnouncementDetail; onDone: () => void }) {
  const { i18n } = useLingui();
  const tr = useRuleMessage();
  const queryClient = useQueryClient();
  const form = useForm<AnnouncementFormInput>({ initialValues: draft ? formOf(draft) : EMPTY, validate: zod4Resolver(announcementForm) });
  const field = useFieldProps(form);
  const values = form.getValues();
  const [files, setFiles] = useState<DocumentItem[]>(draft?.fileUrl ? [{ documentName: draft.fileUrlName ?? '', documentUrl: draft.fileUrl }] : []);
  const [categorySearch, setCategorySearch] = useState('');
  const roles = useQuery({ ...audienceRolesQuery(i18n.locale), enabled: values.audience === 'STAFF_ROLE' });
  const categories = useQuery({ ...smallCategoriesQuery(categorySearch, i18n.locale), enabled: values.audience === 'SUPPLIER_CATEGORY' });
  const uploads = useStaffUploads();

  const write = useMutation({
    mutationFn: ({ v, publish }: { v: AnnouncementFormInput; publish: boolean }) => (publish ? publishAnnouncement(v) : saveAnnouncement(v)),
    onSuccess: ({ id, message }, { publish }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
      if (publish) onDone();
      else form.setFieldValue('id', id);
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    },
  });
  const submit = (publish: boolean) => form.onSubmit((v) => write.mutate({ v, publish }))();

  const codeOptions =
    values.audience === 'STAFF_ROLE'
      ? (roles.data ?? []).map((r) => ({ value: r.code, label: r.name }))
      : (categories.data ?? []).map((c) => ({ value: c.categoryCode, label: `${c.categoryName} (${c.categoryCode})` }));
  // The chosen category stays selectable while another search runs.
  if (values.audienceCode && !codeOptions.some((o) => o.value === values.audienceCode)) {
    const saved = draft?.audienceCode === values.audienceCode ? draft.audienceCodeName : null;
    codeOptions.unshift({ value: values.audienceCode, label: saved ? `${saved} (${values.audienceCode})` : values.audienceCode });
  }

  return (
    <FormCallerProvider value={uploads.caller}>
      <Stack>
        <TextInput label={t`标题`} withAsterisk maxLength={ANNOUNCEMENT_TITLE_MAX} data-testid="announcement-title" {...field('title')} />
        <Group grow align="flex-start">
          <Select
            label={t`发布对象`}
            withAsterisk
            allowDeselect={false}
            data-testid="announcement-audience"
            data={ANNOUNCEMENT_AUDIENCES.map((a) => ({ value: a, label: i18n._(AUDIENCE_LABELS[a]) }))}
            {...field('audience')}
            onChange={(v) => {
              form.setFieldValue('audience', (v ?? 'ALL_STAFF') as AnnouncementFormInput['audience']);
              form.setFieldValue('audienceCode', null);
            }}
          />
          {(values.audience === 'STAFF_ROLE' || values.audience === 'SUPPLIER_CATEGORY') && (
            <Select
              label={values.audience === 'STAFF_ROLE' ? t`角色` : t`品类`}
              withAsterisk
              searchable
              data-testid="announcement-audience-code"
              data={codeOptions}
              onSearchChange={values.audience === 'SUPPLIER_CATEGORY' ? setCategorySearch : undefined}
              {...field('audienceCode')}
            />
          )}
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t`发布时间`}
            placeholder="yyyy-MM-dd HH:mm:ss"
            description={t`留空则发布时立即生效；填写将来的时间为定时发布（北京时间）`}
            data-testid="announcement-release-time"
            {...field('releaseTime')}
          />
          <Checkbox mt="xl" label={t`弹窗提醒`} data-testid="announcement-popup-flag" {...form.getInputProps('isPopUp', { type: 'checkbox' })} />
        </Group>
        <Textarea
          label={t`内容（HTML）`}
          description={t`支持段落、加粗、列表、链接等基本 HTML；脚本和事件属性会被删除`}
          withAsterisk
          autosize
          minRows={6}
          maxLength={ANNOUNCEMENT_CONTEXT_MAX}
          data-testid="announcement-context"
          {...field('context')}
        />
        {values.context && (
          <Paper withBorder p="sm">
            <Text size="xs" c="dimmed" mb={4}>
              <Trans>预览</Trans>
            </Text>
            {/* The preview shows text only: the stored body is the server's sanitised HTML. */}
            <Typography fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {values.context.replace(/<[^>]*>/g, '')}
            </Typography>
          </Paper>
        )}
        <MultiUploadField
          label={t`附件`}
          limit={1}
          value={files}
          error={tr(form.errors.fileUrl)}
          onChange={(next) => {
            setFiles(next);
            form.setFieldValue('fileUrl', next[0]?.documentUrl ?? null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <Trans>取消</Trans>
          </Button>
          <Button variant="light" loading={write.isPending && !write.variables?.publish} disabled={uploads.busy} onClick={() => submit(false)} data-testid="announcement-save">
            <Trans>保存草稿</Trans>
          </Button>
          <Button loading={write.isPending && write.variables?.publish} disabled={uploads.busy} onClick={() => submit(true)} data-testid="announcement-publish">
            <Trans>发布</Trans>
          </Button>
        </Group>
      </Stack>
    </FormCallerProvider>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type MasterCertificate, renewalRequest, type RenewalRequest, validityIssues } from '#domain/certificates/certificate.ts';
import { wireDay } from '#domain/date-time.ts';
import { isApiError } from '#web/api/client.ts';
import { certificateKeys, submitRenewal } from '#web/api/certificates.ts';
import { FormCallerProvider, useWorkCounter } from '#web/forms/caller.tsx';
import { UploadField } from '#web/forms/upload-field.tsx';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';

/**
 * The renewed certificate of one on file: issuer, number, validity and its file, under the rules the server applies
 * (the end after the start and not already past); its purchasing manager then approves it.
 */
export function RenewalForm({ certificate, onDone }: { certificate: MasterCertificate; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const work = useWorkCounter();
  const schema = zod4Resolver(renewalRequest);
  // Controlled: the upload field shows the file the form holds.
  const form = useForm<RenewalRequest>({
    mode: 'controlled',
    initialValues: { certificateId: certificate.id, issuer: certificate.issuer ?? '', certificateNo: '', validFrom: '', validUntil: '', fileName: '', fileUrl: '' },
    validate: (values) => ({ ...schema(values), ...validityIssues(values, { today: wireDay(new Date()), isNew: true }) }),
  });
  const field = useFieldProps(form);
  const send = useMutation({
    mutationFn: (v: RenewalRequest) => submitRenewal(v),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: certificateKeys.portal() });
      onDone();
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    },
  });
  const file = form.getValues();
  return (
    <FormCallerProvider value={{ supplier: false, portal: true, beginWork: work.beginWork }}>
      <form onSubmit={form.onSubmit((v) => send.mutate(v))} noValidate data-testid="renewal-form">
        <Stack>
          <Text size="sm" c="dimmed">
            {certificate.kindName} · <Trans>现有证书有效期至</Trans> {certificate.validUntil ?? '-'}
          </Text>
          <TextInput label={t`发证机构`} withAsterisk key={form.key('issuer')} {...field('issuer')} />
          <TextInput label={t`证书编号`} withAsterisk key={form.key('certificateNo')} {...field('certificateNo')} />
          <Group grow>
            <TextInput type="date" label={t`生效日期`} withAsterisk key={form.key('validFrom')} {...field('validFrom')} />
            <TextInput type="date" label={t`有效期至`} withAsterisk key={form.key('validUntil')} {...field('validUntil')} />
          </Group>
          <UploadField
            label={t`证书文件`}
            withAsterisk
            value={{ name: file.fileName, url: file.fileUrl }}
            error={form.errors.fileUrl}
            onChange={({ name, url }) => {
              form.setFieldValue('fileName', name);
              form.setFieldValue('fileUrl', url);
              form.clearFieldError('fileUrl');
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" loading={send.isPending} disabled={work.busy} data-testid="renewal-submit">
              <Trans>提交审批</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </FormCallerProvider>
  );
}

import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { DOCUMENT_EXTENSIONS } from '#domain/files.ts';
import { checklistSubmitRequest, type SupplierChecklistRow } from '#domain/cert-flow/nodes/self-inspection.ts';
import { isApiError } from '#web/api/client.ts';
import { submitPortalChecklist } from '#web/api/self-inspection.ts';
import { downloadFile, FormCallerProvider, NumberField, UploadField, useWorkCounter, type FormCaller } from '#web/forms/index.ts';

const STATUS_COLOR: Record<number, string> = { 20: 'blue', 30: 'orange', 40: 'red', 50: 'green' };

/** One issued checklist: download, fill in, upload with a self score, submit (status 20 only, with the collaboration role). */
export function ChecklistRowCard({ row, onSubmitted }: { row: SupplierChecklistRow; onSubmitted: () => void }) {
  const { t } = useLingui();
  const [score, setScore] = useState<number | string>(row.submittable ? '' : (row.selfScore ?? ''));
  const [file, setFile] = useState({ name: '', url: '' });
  // The supplier's portal session uploads; submit waits for a file still on its way.
  const uploads = useWorkCounter();
  const caller = useMemo<FormCaller>(() => ({ supplier: false, portal: true, beginWork: uploads.beginWork }), [uploads.beginWork]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = useMutation({
    mutationFn: (input: Parameters<typeof submitPortalChecklist>[0]) => submitPortalChecklist(input),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      onSubmitted();
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
      else notifications.show({ color: 'red', message: isApiError(err) ? err.message : t`系统错误` });
    },
  });

  async function download(url: string, name: string) {
    try {
      await downloadFile(url, name, 'portal');
    } catch (err) {
      notifications.show({ color: 'red', message: isApiError(err) && err.message ? err.message : t`下载失败` });
    }
  }

  function send() {
    const input = { aid: row.aid, selfScore: score === '' ? undefined : Number(score), documentName: file.name, documentUrl: file.url };
    const checked = checklistSubmitRequest.safeParse(input);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    submit.mutate(checked.data);
  }

  const documentError = errors.documentName || errors.documentUrl;
  return (
    <Paper withBorder p="md" data-testid={`checklist-${row.dimensionCode}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{row.dimensionDesc}</Text>
          <Badge variant="light" color={STATUS_COLOR[row.approveStatus] ?? 'gray'}>
            {row.approveStatusStr}
          </Badge>
        </Group>
        {row.rejectOpinion && (
          <Alert color="red" title={t`已驳回，请修改后重新提交`}>
            {row.rejectOpinion}
          </Alert>
        )}
        <Group gap="lg">
          {row.templateDownloadUrl && row.templateName && (
            <Anchor component="button" type="button" size="sm" onClick={() => void download(row.templateDownloadUrl!, row.templateName!)}>
              <Trans>下载自检模版：{row.templateName}</Trans>
            </Anchor>
          )}
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => void download(row.modelUrl, row.modelName)}>
            <Trans>参考模版</Trans>
          </Anchor>
        </Group>
        {row.submittable && !row.hasCollaborationRole ? (
          // Req flow §4.7: the server refuses the submit without the collaboration role, so no form.
          <Alert color="yellow" data-testid="self-inspection-needs-role">
            <Trans>您的账号缺少供应商准入协同角色，无法提交自检结论，请联系采购经理开通</Trans>
          </Alert>
        ) : row.submittable ? (
          <Group align="flex-start" gap="lg">
            <NumberField
              label={t`自评分`}
              withAsterisk
              decimals={2}
              min={0}
              max={100}
              w={160}
              value={score}
              onChange={(v) => {
                setScore(v);
                setErrors((e) => ({ ...e, selfScore: '' }));
              }}
              error={errors.selfScore}
              data-testid="self-score"
            />
            <FormCallerProvider value={caller}>
              <UploadField
                label={t`自检文件`}
                withAsterisk
                extensions={DOCUMENT_EXTENSIONS}
                value={file}
                onChange={(next) => {
                  setFile(next);
                  setErrors((e) => ({ ...e, documentName: '', documentUrl: '' }));
                }}
                error={documentError}
              />
            </FormCallerProvider>
            <Button mt={24} onClick={send} loading={submit.isPending} disabled={uploads.busy} data-testid="self-inspection-submit">
              <Trans>提交</Trans>
            </Button>
          </Group>
        ) : (
          <Group gap="lg">
            <Text size="sm">
              <Trans>自评分：{row.selfScore ?? '-'}</Trans>
            </Text>
            {row.documentName && row.documentUrl && (
              <Anchor component="button" type="button" size="sm" onClick={() => void download(row.documentUrl!, row.documentName!)}>
                {row.documentName}
              </Anchor>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

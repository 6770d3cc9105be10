import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Anchor, Button, Group, Input, Modal, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { DOCUMENT_EXTENSIONS } from '#domain/files.ts';
import { checklistIssueRequest, SELF_INSPECTION_DOCUMENT_TYPE, type SelfInspectionRow } from '#domain/cert-flow/nodes/self-inspection.ts';
import { isApiError } from '#web/api/client.ts';
import { issueChecklist } from '#web/api/self-inspection.ts';
import { FormCallerProvider, UploadField, useStaffUploads } from '#web/forms/index.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

/**
 * Checklist issue (req flow §2.6, §5.4): the reference template link, one upload of the actual template
 * (required, 30 MB, document types), and a confirmation that the supplier is notified by e-mail.
 */
export function IssueDialog({ flowNo, row, onClose, onDone }: { flowNo: string; row: SelfInspectionRow; onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const [file, setFile] = useState({ name: '', url: '' });
  const [error, setError] = useState<string | undefined>();
  const uploads = useStaffUploads();
  const issue = useMutation({
    mutationFn: () => issueChecklist({ aid: row.aid, flowNo, documentType: SELF_INSPECTION_DOCUMENT_TYPE, documentName: file.name, documentUrl: file.url }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      onDone();
    },
    onError: (err) => {
      const fields = isApiError(err) ? err.fieldErrors : {};
      const first = fields.documentName ?? fields.documentUrl;
      if (first) setError(first);
      else notifications.show({ color: 'red', message: isApiError(err) ? err.message : t`系统错误` });
    },
  });

  const confirm = () => {
    const checked = checklistIssueRequest.safeParse({ aid: row.aid, flowNo, documentName: file.name, documentUrl: file.url });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    openConfirmModal({
      title: t`下发自检清单`,
      children: <Text size="sm">{t`下发后将通过邮件通知供应商填写自检清单，确定下发吗？`}</Text>,
      labels: { confirm: t`确定`, cancel: t`取消` },
      onConfirm: () => issue.mutate(),
    });
  };

  return (
    <Modal opened onClose={onClose} title={t`下发自检清单：${row.dimensionDesc}`} size="lg">
      <Stack>
        <Input.Wrapper label={t`参考模版`}>
          <div>
            <Anchor href={row.modelUrl} size="sm" download>
              {row.modelName}
            </Anchor>
          </div>
        </Input.Wrapper>
        <FormCallerProvider value={uploads.caller}>
          <UploadField
            label={t`实际模版`}
            withAsterisk
            value={file}
            onChange={(next) => {
              setFile(next);
              setError(undefined);
            }}
            error={tr(error)}
            extensions={DOCUMENT_EXTENSIONS}
          />
        </FormCallerProvider>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button onClick={confirm} loading={issue.isPending} disabled={uploads.busy} data-testid="self-inspection-issue-confirm">
            <Trans>确定</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

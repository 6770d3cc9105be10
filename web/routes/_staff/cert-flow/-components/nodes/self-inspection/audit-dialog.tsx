import { useMutation } from '@tanstack/react-query';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { APPROVE_STATUS, auditConclusionRequest, OPINION_MAX, type SelfInspectionRow } from '#domain/cert-flow/nodes/self-inspection.ts';
import { isApiError } from '#web/api/client.ts';
import { submitAuditConclusion } from '#web/api/self-inspection.ts';
import { DictSelect } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';

type AuditForm = {
  aid: string;
  flowNo: string;
  approveStatus: number | null;
  approveOpinion: string;
  modelType: string;
};

/**
 * The audit opinion dialog (req flow §2.5, §5.3): a conclusion from cert_approve_status (the entries
 * marked as conclusions: reject, approve) and an opinion, required only to reject, at most 100.
 */
export function AuditDialog({ flowNo, row, onClose, onDone }: { flowNo: string; row: SelfInspectionRow; onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const initialValues: AuditForm = { aid: row.aid, flowNo, approveStatus: null, approveOpinion: '', modelType: row.dimensionCode };
  // The form holds null until a conclusion is chosen; the schema reports it as 'please choose'.
  const form = useForm<AuditForm>({ initialValues, validate: zod4Resolver(auditConclusionRequest) });
  const field = useFieldProps(form);
  const audit = useMutation({
    mutationFn: (values: AuditForm) => submitAuditConclusion({ ...values, approveStatus: values.approveStatus ?? 0, approveOpinion: values.approveOpinion || undefined }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      onDone();
    },
    onError: (err) => {
      if (isApiError(err) && Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      else notifications.show({ color: 'red', message: isApiError(err) ? err.message : t`系统错误` });
      // The node may have completed meanwhile, or the row changed: show the current state.
      if (isApiError(err) && err.status !== 400) onDone();
    },
  });
  const rejecting = form.values.approveStatus === APPROVE_STATUS.REJECTED;

  return (
    <Modal opened onClose={onClose} title={t`审核：${row.dimensionDesc}`}>
      <form onSubmit={form.onSubmit((values) => audit.mutate(values))}>
        <Stack>
          <DictSelect
            dictType="cert_approve_status"
            numeric
            label={t`审核结论`}
            placeholder={t`请选择`}
            withAsterisk
            only={(e) => Boolean(e.extra?.conclusion)}
            {...field('approveStatus')}
            data-testid="self-inspection-conclusion"
          />
          <Textarea
            label={t`审核意见`}
            withAsterisk={rejecting}
            autosize
            minRows={3}
            maxLength={OPINION_MAX}
            {...field('approveOpinion')}
            description={`${form.values.approveOpinion.length}/${OPINION_MAX}`}
            data-testid="self-inspection-opinion"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>取消</Trans>
            </Button>
            <Button type="submit" loading={audit.isPending} data-testid="self-inspection-audit-confirm">
              <Trans>确定</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

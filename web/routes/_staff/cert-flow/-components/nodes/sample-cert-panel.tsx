import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import {
  SAMPLE_CERT_CONCLUSION_DICT,
  SAMPLE_CERT_DESCRIPTION_MAX,
  SAMPLE_CERT_FILE_MAX,
  sampleCertFinishRequest,
  type SampleCertDetail,
} from '#domain/cert-flow/nodes/sample-cert.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { FormCallerProvider, useStaffUploads } from '#web/forms/index.ts';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import { flowDetailKeys } from '#web/api/cert-flow-detail.ts';
import { finishSampleCert, sampleCertDetailQuery, transferSampleCert, type SampleCertInput } from '#web/api/node-forms.ts';
import type { StaffOption } from '#web/api/reference.ts';
import { useFieldProps, useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { StaffSelect } from '../staff-select.tsx';
import type { NodePanelProps } from './node-panel.ts';
import { PpapPanel } from './ppap/ppap-panel.tsx';
import { ConclusionField, confirmValidForm, DocumentListField, LoadFailed, OwnerButton, useNodeWrite } from './node-form-kit.tsx';

/**
 * Sample certification (req flow §2.6, §4.9, §5.9): conclusion, description and attachments, completed
 * by the technical reviewer; a failing conclusion ends the flow. Transfer hands the node to someone
 * else (cert_process_manage_all, or the purchasing manager while nobody is technical reviewer).
 */
export default function SampleCertPanel({ flow, onChanged }: NodePanelProps) {
  const query = useQuery(sampleCertDetailQuery(flow.flowNo));
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  // A scenario using PPAP reviews a part submission instead of a conclusion (req flow §11).
  if (query.data.standard === 'PPAP') return <PpapPanel flow={flow} onChanged={onChanged} />;
  return <SampleCertForm key={query.data.updateTime ?? 'new'} flowNo={flow.flowNo} detail={query.data} onChanged={onChanged} />;
}

function SampleCertForm({ flowNo, detail, onChanged }: { flowNo: string; detail: SampleCertDetail; onChanged: () => void }) {
  const { t } = useLingui();
  const form = useForm<SampleCertInput>({
    initialValues: { flowNo, accessStatus: detail.accessStatus, description: detail.description, documentList: detail.documentList },
    validate: zod4Resolver(sampleCertFinishRequest),
  });
  const field = useFieldProps(form);
  const finish = useNodeWrite({ flowNo, nodeCode: 'SAMPLE_CERT', form, write: finishSampleCert, onChanged });
  const uploads = useStaffUploads();
  const [transferring, setTransferring] = useState(false);
  const readOnly = !detail.editable;
  const values = form.getValues();

  return (
    <Stack data-testid="sample-cert-panel" maw={720}>
      {detail.noTechnicalReviewer && detail.nodeStatus === NODE_STATUS.IN_PROGRESS && (
        <Alert color="yellow">
          <Trans>该流程尚未指定技术评审人，请转办给负责人</Trans>
        </Alert>
      )}
      <ConclusionField form={form} dictType={SAMPLE_CERT_CONCLUSION_DICT} label={t`结论`} readOnly={readOnly} />
      <Textarea
        label={t`描述`}
        withAsterisk={!readOnly}
        autosize
        minRows={3}
        maxRows={10}
        readOnly={readOnly}
        description={readOnly ? undefined : `${values.description.length}/${SAMPLE_CERT_DESCRIPTION_MAX}`}
        {...field('description')}
      />
      <FormCallerProvider value={uploads.caller}>
        <DocumentListField form={form} label={t`附件`} limit={SAMPLE_CERT_FILE_MAX} readOnly={readOnly} />
      </FormCallerProvider>
      {detail.nodeStatus === NODE_STATUS.IN_PROGRESS && (
        <Group justify="flex-end">
          {detail.canTransfer && (
            <Button variant="default" onClick={() => setTransferring(true)} data-testid="sample-cert-transfer">
              <Trans>转办</Trans>
            </Button>
          )}
          <OwnerButton
            owner={detail.editable}
            loading={finish.isPending}
            disabled={uploads.busy}
            data-testid="sample-cert-finish"
            onClick={() => confirmValidForm(form, finish.mutate)}
          >
            <Trans>完成节点</Trans>
          </OwnerButton>
        </Group>
      )}
      <TransferDialog flowNo={flowNo} opened={transferring} onClose={() => setTransferring(false)} onChanged={onChanged} />
    </Stack>
  );
}

/** Transfer to a person (req flow §4.9, §7.6): '转办成功', then the node and the page reload. */
function TransferDialog({ flowNo, opened, onClose, onChanged }: { flowNo: string; opened: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const queryClient = useQueryClient();
  const [person, setPerson] = useState<StaffOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const transfer = useMutation({
    mutationFn: (p: StaffOption) => transferSampleCert({ flowNo, jobNumber: p.jobNumber, name: p.name }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: flowDetailKeys.node(flowNo, 'SAMPLE_CERT') });
      setPerson(null);
      onClose();
      onChanged();
    },
    onError: (err) => {
      const fieldError = isApiError(err) ? err.fieldErrors.jobNumber : undefined;
      if (fieldError) setError(fieldError);
      else notifications.show({ color: 'red', message: isApiError(err) && err.message ? err.message : t`操作失败`, autoClose: ERROR_TOAST_MS });
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={t`转办`}>
      <Stack>
        <StaffSelect
          label={t`转办人`}
          withAsterisk
          value={person}
          onChange={(p) => {
            setPerson(p);
            setError(null);
          }}
          error={tr(error)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>取消</Trans>
          </Button>
          <Button
            loading={transfer.isPending}
            data-testid="sample-cert-transfer-confirm"
            onClick={() => (person ? transfer.mutate(person) : setError('chooseTransferee'))}
          >
            <Trans>确定</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { KCP_CONCLUSION_DICT, KCP_FILE_MAX, kcpSubmitRequest, type KcpNode } from '#domain/cert-flow/nodes/kcp.ts';
import type { NodeFormDetail } from '#domain/cert-flow/nodes/node-form.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { FormCallerProvider, useStaffUploads } from '#web/forms/index.ts';
import { kcpDetailQuery, submitKcp, type KcpInput } from '#web/api/node-forms.ts';
import type { NodePanelProps } from './node-panel.ts';
import { ConclusionField, confirmValidForm, DocumentListField, LoadFailed, OwnerButton, useNodeWrite } from './node-form-kit.tsx';

/**
 * The first-stage meeting conclusion, KCP1 (req flow §2.6, §4.3, §5.6): the conclusion and the meeting's
 * attachments. Submitting completes the node; a failing conclusion ends the flow. The second meeting
 * (KCP2), with its to-dos and applications, has its own panel (kcp2-panel.tsx).
 */
export default function MeetingConclusionPanel(props: NodePanelProps) {
  return <MeetingConclusion flowNo={props.flow.flowNo} nodeCode={props.node.nodeCode as KcpNode} onChanged={props.onChanged} />;
}

function MeetingConclusion({ flowNo, nodeCode, onChanged }: { flowNo: string; nodeCode: KcpNode; onChanged: () => void }) {
  const query = useQuery(kcpDetailQuery(flowNo, nodeCode));
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <MeetingForm key={query.data.updateTime ?? 'new'} flowNo={flowNo} nodeCode={nodeCode} detail={query.data} onChanged={onChanged} />;
}

function MeetingForm({ flowNo, nodeCode, detail, onChanged }: { flowNo: string; nodeCode: KcpNode; detail: NodeFormDetail; onChanged: () => void }) {
  const { t } = useLingui();
  const form = useForm<KcpInput>({
    initialValues: { flowNo, nodeCode, accessStatus: detail.accessStatus, documentList: detail.documentList },
    validate: zod4Resolver(kcpSubmitRequest),
  });
  const submit = useNodeWrite({ flowNo, nodeCode, form, write: submitKcp, onChanged });
  const uploads = useStaffUploads();
  const readOnly = !detail.editable;
  const testId = nodeCode.toLowerCase();

  return (
    <Stack data-testid={`${testId}-panel`} maw={720}>
      <ConclusionField form={form} dictType={KCP_CONCLUSION_DICT[nodeCode]} label={t`上会结论`} readOnly={readOnly} />
      <FormCallerProvider value={uploads.caller}>
        <DocumentListField form={form} label={t`附件`} limit={KCP_FILE_MAX} readOnly={readOnly} />
      </FormCallerProvider>
      {detail.nodeStatus === NODE_STATUS.IN_PROGRESS && (
        <Group justify="flex-end">
          <OwnerButton owner={detail.editable} loading={submit.isPending} disabled={uploads.busy} data-testid={`${testId}-submit`} onClick={() => confirmValidForm(form, submit.mutate)}>
            <Trans>提交</Trans>
          </OwnerButton>
        </Group>
      )}
    </Stack>
  );
}

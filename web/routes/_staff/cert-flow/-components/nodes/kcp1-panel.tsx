import { useQuery } from '@tanstack/react-query';
import { Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { KCP_CONCLUSION_DICT, KCP_FILE_MAX, kcpSubmitRequest, type KcpNode } from '#domain/cert-flow/nodes/kcp.ts';
import type { NodeFormDetail } from '#domain/cert-flow/nodes/node-form.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { kcpDetailQuery, submitKcp, type KcpInput } from '#web/api/node-forms.ts';
import type { NodePanelProps } from './node-panel.ts';
import { ConclusionField, confirmValidForm, DocumentListField, LoadFailed, OwnerButton, useNodeWrite } from './node-form-kit.tsx';

const NODE: KcpNode = 'KCP1';

/**
 * The first-stage meeting conclusion (spec 2 §2.6, §4.3, §5.6): the conclusion and the meeting's
 * attachments. Submitting completes the node; a failing conclusion ends the flow.
 */
export default function Kcp1Panel({ flow, onChanged }: NodePanelProps) {
  const query = useQuery(kcpDetailQuery(flow.flowNo, NODE));
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <KcpForm key={query.data.updateTime ?? 'new'} flowNo={flow.flowNo} detail={query.data} onChanged={onChanged} />;
}

function KcpForm({ flowNo, detail, onChanged }: { flowNo: string; detail: NodeFormDetail; onChanged: () => void }) {
  const { t } = useLingui();
  const form = useForm<KcpInput>({
    initialValues: { flowNo, nodeCode: NODE, accessStatus: detail.accessStatus, documentList: detail.documentList },
    validate: zod4Resolver(kcpSubmitRequest),
  });
  const submit = useNodeWrite({ flowNo, nodeCode: NODE, form, write: submitKcp, onChanged });
  const readOnly = !detail.editable;

  return (
    <Stack data-testid="kcp1-panel" maw={720}>
      <ConclusionField form={form} dictType={KCP_CONCLUSION_DICT[NODE]} label={t`上会结论`} readOnly={readOnly} />
      <DocumentListField form={form} label={t`附件`} limit={KCP_FILE_MAX} readOnly={readOnly} />
      {detail.nodeStatus === NODE_STATUS.IN_PROGRESS && (
        <Group justify="flex-end">
          <OwnerButton
            owner={detail.editable}
            loading={submit.isPending}
            data-testid="kcp1-submit"
            onClick={() => confirmValidForm(form, submit.mutate)}
          >
            <Trans>提交</Trans>
          </OwnerButton>
        </Group>
      )}
    </Stack>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { DOCUMENT_EXTENSIONS } from '#domain/files.ts';
import { KCP_CONCLUSION_DICT, KCP_FILE_MAX, kcpSubmitRequest, type KcpNode } from '#domain/cert-flow/nodes/kcp.ts';
import type { NodeFormDetail } from '#domain/cert-flow/nodes/node-form.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { kcpDetailQuery, submitKcp, type KcpInput } from '#web/api/node-forms.ts';
import { DictSelect } from '#web/forms/dict-select.tsx';
import { MultiUploadField } from '#web/forms/multi-upload-field.tsx';
import type { NodePanelProps } from './node-panel.ts';
import { confirmComplete, OwnerButton, useNodeWrite } from './node-form-kit.tsx';

const NODE: KcpNode = 'KCP1';

/**
 * The first-stage meeting conclusion (spec 2 §2.6, §4.3, §5.6): the conclusion and the meeting's
 * attachments. Submitting completes the node; a failing conclusion ends the flow.
 */
export default function Kcp1Panel({ flow, onChanged }: NodePanelProps) {
  const { t } = useLingui();
  const query = useQuery(kcpDetailQuery(flow.flowNo, NODE));
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert color="red" title={t`加载失败`}>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          <Trans>重试</Trans>
        </Button>
      </Alert>
    );
  }
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
  const values = form.getValues();

  return (
    <Stack data-testid="kcp1-panel" maw={720}>
      <DictSelect
        dictType={KCP_CONCLUSION_DICT[NODE]}
        as="radio"
        numeric
        label={t`上会结论`}
        withAsterisk={!readOnly}
        readOnly={readOnly}
        value={values.accessStatus}
        onChange={(v) => {
          form.setFieldValue('accessStatus', v as number | null);
          form.clearFieldError('accessStatus');
        }}
        error={form.errors.accessStatus}
      />
      <MultiUploadField
        label={t`附件`}
        withAsterisk={!readOnly}
        limit={KCP_FILE_MAX}
        extensions={DOCUMENT_EXTENSIONS}
        readOnly={readOnly}
        value={values.documentList}
        onChange={(next) => {
          form.setFieldValue('documentList', next);
          form.clearFieldError('documentList');
        }}
        error={form.errors.documentList ?? Object.entries(form.errors).find(([k]) => k.startsWith('documentList.'))?.[1]}
      />
      {detail.nodeStatus === NODE_STATUS.IN_PROGRESS && (
        <Group justify="flex-end">
          <OwnerButton
            owner={detail.editable}
            loading={submit.isPending}
            data-testid="kcp1-submit"
            onClick={() => {
              if (!form.validate().hasErrors) confirmComplete(() => submit.mutate(form.getValues()));
            }}
          >
            <Trans>提交</Trans>
          </OwnerButton>
        </Group>
      )}
    </Stack>
  );
}

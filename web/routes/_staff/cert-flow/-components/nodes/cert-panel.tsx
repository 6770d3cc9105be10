import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans } from '@lingui/react/macro';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { certRequest, type CertDetail, type CertInput } from '#domain/cert-flow/nodes/cert.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { flowDetailKeys } from '#web/api/cert-flow-detail.ts';
import { call } from '#web/api/call.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { FormCallerProvider, FormReadOnlyProvider, useStaffUploads } from '#web/forms/index.ts';
import { certificatesStep, CertificateTable } from '#web/rfi/steps/step-05-certificates.tsx';
import readOnlyClasses from '#web/rfi/read-only.module.css';
import type { NodePanelProps } from './node-panel.ts';
import { confirmValidForm, LoadFailed, OwnerButton, useNodeWrite } from './node-form-kit.tsx';

// Another person's work until it is ours: read afresh whenever the panel is shown.
const certDetailQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'CERT'), 'detail'],
    queryFn: ({ signal }) => call(FLOW_NODES.cert, { query: { flowNo } }, { signal }),
    staleTime: 0,
  });

// Field errors show on the form, so the writes handle their own errors.
const saveCert = (input: CertInput) => call(FLOW_NODES.certSave, { body: input }, { handleErrors: true });
const completeCert = (input: CertInput) => call(FLOW_NODES.certComplete, { body: input }, { handleErrors: true });

/**
 * The certificate check (req flow §3.17, §5.11): the questionnaire's certificate table, prefilled with
 * the supplier's step-5 answers until the quality reviewer saves the node's own copy. Its principal
 * saves or completes (after the req flow §4.2 confirmation); everyone else, and everyone once it is
 * finished, reads.
 */
export default function CertPanel({ flow, onChanged }: NodePanelProps) {
  const query = useQuery(certDetailQuery(flow.flowNo));
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <CertForm key={query.data.updateTime ?? 'new'} flowNo={flow.flowNo} detail={query.data} onChanged={onChanged} />;
}

function CertForm({ flowNo, detail, onChanged }: { flowNo: string; detail: CertDetail; onChanged: () => void }) {
  const form = useForm<CertInput>({
    mode: 'controlled',
    initialValues: { flowNo, ...certificatesStep.initialValues({ certificateList: detail.certificateList }) },
    validate: zod4Resolver(certRequest),
  });
  const uploads = useStaffUploads();
  const save = useNodeWrite({ flowNo, nodeCode: 'CERT', form, write: saveCert, onChanged });
  const complete = useNodeWrite({ flowNo, nodeCode: 'CERT', form, write: completeCert, onChanged });
  const readOnly = !detail.editable;
  const busy = save.isPending || complete.isPending || uploads.busy;

  return (
    <Stack data-testid="cert-panel">
      {detail.source === 'rfi' && detail.editable && (
        <Text size="sm" c="dimmed">
          <Trans>证书信息取自供应商RFI问卷，保存后以本节点的记录为准。</Trans>
        </Text>
      )}
      {/* A disabled fieldset makes every input read-only at once; the file links stay usable. */}
      <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0} className={readOnly ? readOnlyClasses.readOnly : undefined}>
        <FormCallerProvider value={uploads.caller}>
          <FormReadOnlyProvider value={readOnly}>
            <CertificateTable form={form} />
          </FormReadOnlyProvider>
        </FormCallerProvider>
      </Fieldset>
      {detail.nodeStatus === NODE_STATUS.IN_PROGRESS && (
        <Group justify="flex-end">
          {detail.editable && (
            <Button variant="default" loading={save.isPending} disabled={busy} onClick={() => save.mutate(form.getValues())} data-testid="cert-save">
              <Trans>保存</Trans>
            </Button>
          )}
          <OwnerButton
            owner={detail.editable}
            loading={complete.isPending}
            disabled={busy}
            data-testid="cert-complete"
            onClick={() => confirmValidForm(form, complete.mutate)}
          >
            <Trans>完成节点</Trans>
          </OwnerButton>
        </Group>
      )}
    </Stack>
  );
}

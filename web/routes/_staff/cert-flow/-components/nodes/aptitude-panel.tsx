import { useQuery } from '@tanstack/react-query';
import { FILES } from '#domain/contracts/files.ts';
import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { APTITUDE_FILE_MAX, APTITUDE_SUMMARY_MAX, APTITUDE_TEMPLATE_KEY, aptitudeRequest } from '#domain/cert-flow/nodes/aptitude.ts';
import type { NodeFormDetail } from '#domain/cert-flow/nodes/node-form.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { aptitudeDetailQuery, aptitudeResultQuery, completeAptitude, saveAptitude, type AptitudeInput } from '#web/api/node-forms.ts';
import { DictSelect, FormCallerProvider, useStaffUploads } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { NodePanelProps } from './node-panel.ts';
import { confirmValidForm, DocumentListField, LoadFailed, OwnerButton, useNodeWrite } from './node-form-kit.tsx';

const TEMPLATE_URL = `${FILES.template.path}?configKey=${APTITUDE_TEMPLATE_KEY}`;

/**
 * Qualification matching (req flow §2.6, §5.5): a summary, the template to fill and one uploaded file.
 * The principal saves or completes; everyone else reads. After completion it shows the result.
 */
export default function AptitudePanel({ flow, onChanged }: NodePanelProps) {
  const query = useQuery(aptitudeDetailQuery(flow.flowNo));
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <AptitudeForm key={query.data.updateTime ?? 'new'} flowNo={flow.flowNo} detail={query.data} onChanged={onChanged} />;
}

function AptitudeForm({ flowNo, detail, onChanged }: { flowNo: string; detail: NodeFormDetail; onChanged: () => void }) {
  const { t } = useLingui();
  const form = useForm<AptitudeInput>({
    initialValues: { flowNo, description: detail.description, documentList: detail.documentList },
    validate: zod4Resolver(aptitudeRequest),
  });
  const field = useFieldProps(form);
  const save = useNodeWrite({ flowNo, nodeCode: 'APTITUDE', form, write: saveAptitude, onChanged });
  const complete = useNodeWrite({ flowNo, nodeCode: 'APTITUDE', form, write: completeAptitude, onChanged });
  const uploads = useStaffUploads();
  const readOnly = !detail.editable;
  const finished = detail.nodeStatus === NODE_STATUS.FINISHED;
  const busy = save.isPending || complete.isPending || uploads.busy;
  const length = form.getValues().description.length;

  return (
    <Stack data-testid="aptitude-panel" maw={720}>
      {finished && <AptitudeResultView flowNo={flowNo} />}
      <Textarea
        label={t`概述`}
        withAsterisk={!readOnly}
        autosize
        minRows={3}
        maxRows={8}
        readOnly={readOnly}
        description={readOnly ? undefined : `${length}/${APTITUDE_SUMMARY_MAX}`}
        {...field('description')}
      />
      <FormCallerProvider value={uploads.caller}>
        <DocumentListField form={form} label={t`资质匹配文件`} limit={APTITUDE_FILE_MAX} readOnly={readOnly} />
      </FormCallerProvider>
      <Text size="sm">
        <Anchor href={TEMPLATE_URL} download>
          <Trans>下载资质匹配模板</Trans>
        </Anchor>
      </Text>
      {detail.nodeStatus === NODE_STATUS.IN_PROGRESS && (
        <Group justify="flex-end">
          {detail.editable && (
            <Button variant="default" loading={save.isPending} disabled={busy} onClick={() => save.mutate(form.getValues())} data-testid="aptitude-save">
              <Trans>保存</Trans>
            </Button>
          )}
          <OwnerButton
            owner={detail.editable}
            loading={complete.isPending}
            disabled={busy}
            data-testid="aptitude-complete"
            onClick={() => confirmValidForm(form, complete.mutate)}
          >
            <Trans>完成节点</Trans>
          </OwnerButton>
        </Group>
      )}
    </Stack>
  );
}

/** The result after completion (GET result-detail): the recorded outcome. */
function AptitudeResultView({ flowNo }: { flowNo: string }) {
  const { t } = useLingui();
  const result = useQuery(aptitudeResultQuery(flowNo));
  return <DictSelect dictType="approve_result" label={t`匹配结果`} value={result.data?.accessStatus ?? null} readOnly data-testid="aptitude-result" />;
}

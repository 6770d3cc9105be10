import { useQuery } from '@tanstack/react-query';
import { Alert, Group, Input, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { kcp2CompletionRefusal } from '#domain/cert-flow/evaluation.ts';
import { KCP_FILE_MAX } from '#domain/cert-flow/nodes/kcp.ts';
import { KCP2_CONCLUSION_DICT, kcp2CompleteRequest, kcp2SaveRequest, type Kcp2Detail } from '#domain/cert-flow/nodes/kcp2.ts';
import { ERROR_TOAST_MS } from '#web/api/client.ts';
import { completeKcp2, kcp2DetailQuery, saveKcp2, type Kcp2Wire } from '#web/api/kcp2.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { FormCallerProvider, useStaffUploads } from '#web/forms/index.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import type { NodePanelProps } from './node-panel.ts';
import { ConclusionField, confirmComplete, DocumentListField, LoadFailed, OwnerButton, useNodeWrite } from './node-form-kit.tsx';
import { EvaluationActions } from './kcp2/evaluation-actions.tsx';
import { checkTodoForm, todoFormRows, todoWire, type TodoFormRow } from './kcp2/todo-form.ts';
import { OpenAuditActions } from './vda-audit/open-audit-actions.tsx';
import { TodoTable } from './kcp2/todo-table.tsx';

type Values = { accessStatus: number | null; documentList: DocumentItem[]; todoList: TodoFormRow[] };

/**
 * The second-stage meeting conclusion, KCP2 (req flow §2.6, §4.3, §4.4, §5.6): the conclusion, the
 * meeting's attachments and its to-do list, the supplier-code and high-potential applications, save
 * and complete. A failing conclusion ends the flow; completion waits for the applications (req flow §4.4).
 */
export default function Kcp2Panel({ flow, jobNumber, onChanged }: NodePanelProps) {
  const query = useQuery(kcp2DetailQuery(flow.flowNo));
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return (
    <Stack>
      {/* The audit's open action items are weighed here (req flow §10.4). */}
      <OpenAuditActions flowNo={flow.flowNo} count={flow.openAuditActions} jobNumber={jobNumber} />
      <Kcp2Form key={formKey(query.data)} flowNo={flow.flowNo} detail={query.data} onChanged={onChanged} />
    </Stack>
  );
}

/** A new form when the saved form or a to-do's state changed (not on every re-read, which would drop typing). */
const formKey = (d: Kcp2Detail) => `${d.updateTime ?? 'new'}:${d.todoList.map((x) => `${x.seq}${x.done ? 'd' : ''}`).join(',')}`;

function Kcp2Form({ flowNo, detail, onChanged }: { flowNo: string; detail: Kcp2Detail; onChanged: () => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const form = useForm<Values>({
    initialValues: { accessStatus: detail.accessStatus, documentList: detail.documentList, todoList: todoFormRows(detail.todoList) },
  });
  const save = useNodeWrite({ flowNo, nodeCode: 'KCP2', form, write: saveKcp2, onChanged });
  const complete = useNodeWrite({ flowNo, nodeCode: 'KCP2', form, write: completeKcp2, onChanged });
  const uploads = useStaffUploads();
  const readOnly = !detail.canEdit;
  const refusal = kcp2CompletionRefusal({ highPotential: detail.highPotentialStatus, supplierCode: detail.supplierCodeStatus });
  const toWire = (): Kcp2Wire => {
    const v = form.getValues();
    return { flowNo, accessStatus: v.accessStatus, documentList: v.documentList, todoList: todoWire(v.todoList) };
  };

  return (
    <Stack data-testid="kcp2-panel">
      <ConclusionField form={form} dictType={KCP2_CONCLUSION_DICT} label={t`上会结论`} readOnly={readOnly} />
      <FormCallerProvider value={uploads.caller}>
        <DocumentListField form={form} label={t`附件`} limit={KCP_FILE_MAX} readOnly={readOnly} />
      </FormCallerProvider>
      <Input.Wrapper label={t`待办事项`} error={tr(form.errors.todoList)}>
        <TodoTable form={form} flowNo={flowNo} source="KCP2" readOnly={readOnly} />
      </Input.Wrapper>
      {!detail.requalification && <EvaluationActions flowNo={flowNo} detail={detail} onChanged={onChanged} />}
      {detail.nodeStatus === NODE_STATUS.IN_PROGRESS && refusal && (
        <Alert color="yellow" data-testid="kcp2-completion-blocked">
          {tr(refusal)}
        </Alert>
      )}
      {detail.nodeStatus === NODE_STATUS.IN_PROGRESS && (
        <Group justify="flex-end">
          <OwnerButton
            owner={detail.canEdit}
            variant="default"
            loading={save.isPending}
            disabled={complete.isPending || uploads.busy}
            data-testid="kcp2-save"
            onClick={() => {
              const wire = checkTodoForm(form, kcp2SaveRequest, toWire, detail.todoList);
              if (wire) save.mutate(wire);
            }}
          >
            <Trans>保存</Trans>
          </OwnerButton>
          <OwnerButton
            owner={detail.canEdit}
            loading={complete.isPending}
            disabled={save.isPending || uploads.busy}
            data-testid="kcp2-complete"
            onClick={() => {
              // Req flow §4.4, §8: the warning while an application is open (the server refuses it too).
              if (refusal) return notifications.show({ color: 'yellow', message: tr(refusal), autoClose: ERROR_TOAST_MS });
              const wire = checkTodoForm(form, kcp2CompleteRequest, toWire, detail.todoList);
              if (wire) confirmComplete(() => complete.mutate(wire));
            }}
          >
            <Trans>完成节点</Trans>
          </OwnerButton>
        </Group>
      )}
    </Stack>
  );
}

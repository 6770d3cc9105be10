import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Input, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconExternalLink } from '@tabler/icons-react';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import {
  HIGH_POTENTIAL_DESCRIPTION_MAX,
  HIGH_POTENTIAL_DOCUMENT_TYPE,
  HIGH_POTENTIAL_FILE_MAX,
  highPotentialReady,
  highPotentialRequest,
  type HighPotentialDetail,
} from '#domain/cert-flow/high-potential.ts';
import { HIGH_POTENTIAL_TODO_TYPE } from '#domain/cert-flow/todos.ts';
import { ERROR_TOAST_MS } from '#web/api/client.ts';
import { highPotentialQuery, saveHighPotential, submitHighPotential, type HighPotentialWire } from '#web/api/kcp2.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { FormCallerProvider, useStaffUploads } from '#web/forms/index.ts';
import { useFieldProps, useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { DocumentListField, LoadFailed, useNodeWrite } from '../node-form-kit.tsx';
import { ApprovalStatusMark } from './approval-status.tsx';
import { checkTodoForm, todoFormRows, todoWire, type TodoFormRow } from './todo-form.ts';
import { TodoTable } from './todo-table.tsx';

type Values = { description: string; documentList: DocumentItem[]; todoList: TodoFormRow[] };

/**
 * The high-potential supplier application (req flow §2.6, 1300 px; req flow §3.6, req flow §5.7): conclusion files and a
 * to-do table; cancel, save, submit for approval, and view approval (the approval's record card).
 * Editable by the KCP2 principal until submitted, and again after a rejection.
 */
export function HighPotentialDialog({ flowNo, opened, onClose, onChanged }: { flowNo: string; opened: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useLingui();
  const query = useQuery({ ...highPotentialQuery(flowNo), enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} size={1300} title={t`高潜供应商申请`}>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <HighPotentialForm key={formKey(query.data)} flowNo={flowNo} detail={query.data} onClose={onClose} onChanged={onChanged} />
      )}
    </Modal>
  );
}

/** A new form when the saved application or a to-do's state changed. */
const formKey = (d: HighPotentialDetail) => `${d.updateTime ?? 'new'}:${d.accessStatus}:${d.todoList.map((x) => `${x.seq}${x.done ? 'd' : ''}`).join(',')}`;

function HighPotentialForm({ flowNo, detail, onClose, onChanged }: { flowNo: string; detail: HighPotentialDetail; onClose: () => void; onChanged: () => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const form = useForm<Values>({
    initialValues: {
      description: detail.description,
      documentList: detail.documentList.map(({ documentName, documentUrl }) => ({ documentName, documentUrl })),
      todoList: todoFormRows(detail.todoList),
    },
  });
  const field = useFieldProps(form);
  const done = () => {
    onChanged();
    onClose();
  };
  const save = useNodeWrite({ flowNo, nodeCode: 'KCP2', form, write: saveHighPotential });
  const submit = useNodeWrite({ flowNo, nodeCode: 'KCP2', form, write: submitHighPotential, onChanged: done });
  const uploads = useStaffUploads();
  const readOnly = !detail.canEdit;
  const toWire = (): HighPotentialWire => {
    const v = form.getValues();
    return {
      flowNo,
      description: v.description,
      documentList: v.documentList.map((d) => ({ ...d, documentType: HIGH_POTENTIAL_DOCUMENT_TYPE })),
      todoList: todoWire(v.todoList, HIGH_POTENTIAL_TODO_TYPE),
    };
  };
  const check = () => checkTodoForm(form, highPotentialRequest, toWire, detail.todoList);

  return (
    <Stack data-testid="high-potential-dialog">
      <Group gap="xs">
        <Trans>审批状态</Trans>
        <ApprovalStatusMark status={detail.accessStatus} remark={detail.bpmRemark} />
      </Group>
      {detail.bpmRemark && (
        <Alert color={detail.accessStatus === 0 ? 'red' : 'blue'} title={t`审批意见`}>
          {detail.bpmRemark}
        </Alert>
      )}
      {!detail.available && (
        <Alert color="yellow">
          <Trans>上会结论保存为“高潜供应商准入”后才能申请高潜供应商</Trans>
        </Alert>
      )}
      <Textarea
        label={t`申请说明`}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={HIGH_POTENTIAL_DESCRIPTION_MAX}
        readOnly={readOnly}
        description={readOnly ? undefined : `${form.getValues().description.length}/${HIGH_POTENTIAL_DESCRIPTION_MAX}`}
        {...field('description')}
      />
      <FormCallerProvider value={uploads.caller}>
        <DocumentListField form={form} label={t`高潜供应商结论附件`} limit={HIGH_POTENTIAL_FILE_MAX} readOnly={readOnly} />
      </FormCallerProvider>
      <Input.Wrapper label={t`待办事项`} withAsterisk={!readOnly} error={tr(form.errors.todoList)}>
        <TodoTable form={form} flowNo={flowNo} source="HIGH_POTENTIAL" readOnly={readOnly} />
      </Input.Wrapper>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <Trans>取消</Trans>
        </Button>
        <Button
          variant="default"
          leftSection={<IconExternalLink size={14} />}
          disabled={!detail.bpmUrl}
          onClick={() => detail.bpmUrl && window.open(detail.bpmUrl, '_blank', 'noopener')}
          data-testid="high-potential-view-approval"
        >
          <Trans>查看审批</Trans>
        </Button>
        {!readOnly && (
          <>
            <Button
              variant="light"
              loading={save.isPending}
              disabled={submit.isPending || uploads.busy}
              data-testid="high-potential-save"
              onClick={() => {
                const wire = check();
                if (wire) save.mutate(wire);
              }}
            >
              <Trans>保存</Trans>
            </Button>
            <Button
              loading={submit.isPending}
              disabled={save.isPending || uploads.busy}
              data-testid="high-potential-submit"
              onClick={() => {
                const wire = check();
                if (!wire) return;
                // Req flow §5.7: the warning when there is no attachment or no first to-do.
                if (!highPotentialReady(wire)) notifications.show({ color: 'yellow', message: tr('fillTodoAndUploadConclusion'), autoClose: ERROR_TOAST_MS });
                else submit.mutate(wire);
              }}
            >
              <Trans>提交审批</Trans>
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

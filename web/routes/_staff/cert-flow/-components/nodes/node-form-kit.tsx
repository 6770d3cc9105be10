import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Text, Tooltip, type ButtonProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { DOCUMENT_EXTENSIONS } from '#domain/files.ts';
import { NODE_REQUIRED, type NodeCode } from '#domain/cert-flow/enums.ts';
import type { FlowDetail, FlowDetailNode } from '#domain/cert-flow/flow-detail.ts';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import { completeOptionalNode, flowDetailKeys } from '#web/api/cert-flow-detail.ts';
import { DictSelect } from '#web/forms/dict-select.tsx';
import { MultiUploadField } from '#web/forms/multi-upload-field.tsx';
import { nodeState } from '../progress/node-status.ts';
import { isPendingAnswer } from '#web/api/pending-writes.ts';

/** What the node panels (aptitude, meeting conclusions, sample certification, self-inspection, system certification) share. */

type AnyForm = UseFormReturnType<any>;

/** A node's detail that failed to load, with a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" title={t`加载失败`}>
      <Button size="xs" variant="light" onClick={onRetry}>
        <Trans>重试</Trans>
      </Button>
    </Alert>
  );
}

/** Req flow §4.2: completing asks first; after completion the node closes and its data cannot be edited. */
export function confirmComplete(onConfirm: () => void): void {
  openConfirmModal({
    title: t`完成节点`,
    children: <Text size="sm">{t`完成后节点将关闭，节点数据不可再编辑。确定完成吗？`}</Text>,
    labels: { confirm: t`确定`, cancel: t`取消` },
    onConfirm,
  });
}

/** Complete with the form's values once they pass validation and the user confirms. */
export function confirmValidForm<V>(form: UseFormReturnType<V>, complete: (values: V) => void): void {
  if (!form.validate().hasErrors) confirmComplete(() => complete(form.getValues()));
}

/**
 * A write of a node form: success shows the server's text ('提交成功', '保存成功') and refreshes the
 * node and the progress page; field errors land on the form, any other refusal shows as a toast.
 */
export function useNodeWrite<V>(opts: {
  flowNo: string;
  nodeCode: NodeCode;
  form?: AnyForm;
  write: (values: V) => Promise<{ message: string }>;
  onChanged?: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: opts.write,
    onSuccess: (answer) => {
      // A 202's message is the server's '已提交，正在处理': taken, and the progress page follows the flow.
      notifications.show({ color: isPendingAnswer(answer) ? 'blue' : 'green', message: answer.message });
      void queryClient.invalidateQueries({ queryKey: flowDetailKeys.node(opts.flowNo, opts.nodeCode) });
      opts.onChanged?.();
    },
    onError: (err) => {
      if (isApiError(err) && opts.form && Object.keys(err.fieldErrors).length) opts.form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: isApiError(err) && err.message ? err.message : t`操作失败`, autoClose: ERROR_TOAST_MS });
    },
  });
}

/**
 * The form's `documentList` as uploaded files (document types only); a row's error shows on the field. Put it
 * inside the provider of the form's `useStaffUploads`, whose `busy` holds the form's buttons while a file uploads.
 */
export function DocumentListField({ form, label, limit, readOnly }: { form: AnyForm; label: string; limit: number; readOnly: boolean }) {
  return (
    <MultiUploadField
      label={label}
      withAsterisk={!readOnly}
      limit={limit}
      extensions={DOCUMENT_EXTENSIONS}
      readOnly={readOnly}
      value={form.getValues().documentList as DocumentItem[]}
      onChange={(next) => {
        form.setFieldValue('documentList', next);
        form.clearFieldError('documentList');
      }}
      error={form.errors.documentList ?? Object.entries(form.errors).find(([k]) => k.startsWith('documentList.'))?.[1]}
    />
  );
}

/** The form's `accessStatus` as radio buttons of a conclusion dictionary. */
export function ConclusionField({ form, dictType, label, readOnly }: { form: AnyForm; dictType: string; label: string; readOnly: boolean }) {
  return (
    <DictSelect
      dictType={dictType}
      as="radio"
      numeric
      label={label}
      withAsterisk={!readOnly}
      readOnly={readOnly}
      value={form.getValues().accessStatus as number | null}
      onChange={(v) => {
        form.setFieldValue('accessStatus', v as number | null);
        form.clearFieldError('accessStatus');
      }}
      error={form.errors.accessStatus}
    />
  );
}

/**
 * The complete button: only the task owner may click it (req flow §4.9); anyone else sees it inert
 * with the tooltip saying so (by default, that only the task owner may click).
 */
export function OwnerButton({
  owner,
  onClick,
  children,
  tooltip,
  ...rest
}: ButtonProps & { owner: boolean; onClick: () => void; children: ReactNode; tooltip?: ReactNode; 'data-testid'?: string }) {
  const button = (
    <Button {...rest} onClick={owner ? onClick : (e) => e.preventDefault()} data-disabled={!owner || undefined}>
      {children}
    </Button>
  );
  return owner ? button : <Tooltip label={tooltip ?? t`只有任务负责人可以点击`}>{button}</Tooltip>;
}

/**
 * Req flow §4.2: an optional node in progress can be completed directly, after the confirmation;
 * only its principal may click (the others see the tooltip). Renders nothing for any other node.
 */
export function OptionalCompleteButton({ flow, node, owner, onChanged }: { flow: FlowDetail; node: FlowDetailNode; owner: boolean; onChanged: () => void }) {
  const complete = useNodeWrite<void>({
    flowNo: flow.flowNo,
    nodeCode: node.nodeCode,
    write: () => completeOptionalNode({ flowNo: flow.flowNo, nodeCode: node.nodeCode }),
    onChanged,
  });
  if (node.nodeRequired !== NODE_REQUIRED.OPTIONAL || nodeState(node) !== 'inProgress' || flow.stage === 0) return null;
  return (
    <Group>
      <OwnerButton owner={owner} onClick={() => confirmComplete(() => complete.mutate())} loading={complete.isPending} data-testid="complete-optional">
        <Trans>完成节点</Trans>
      </OwnerButton>
    </Group>
  );
}

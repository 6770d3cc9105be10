import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Text, Tooltip, type ButtonProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import { nodeFormKeys } from '#web/api/node-forms.ts';

/** What the form node panels (aptitude, meeting conclusions, sample certification) share. */

/** Spec 2 §4.2: completing asks first; after completion the node closes and its data cannot be edited. */
export function confirmComplete(onConfirm: () => void): void {
  modals.openConfirmModal({
    title: t`完成节点`,
    children: <Text size="sm">{t`完成后节点将关闭，节点数据不可再编辑。确定完成吗？`}</Text>,
    labels: { confirm: t`确定`, cancel: t`取消` },
    onConfirm,
  });
}

/**
 * A write of a node form: success shows the server's text ('提交成功', '保存成功') and refreshes the
 * node and the progress page; field errors land on the form, any other refusal shows as a toast.
 */
export function useNodeWrite<V>(opts: {
  flowNo: string;
  nodeCode: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form?: UseFormReturnType<any>;
  write: (values: V) => Promise<{ message: string }>;
  onChanged?: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: opts.write,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: nodeFormKeys.node(opts.flowNo, opts.nodeCode) });
      opts.onChanged?.();
    },
    onError: (err) => {
      if (isApiError(err) && opts.form && Object.keys(err.fieldErrors).length) opts.form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: isApiError(err) && err.message ? err.message : t`操作失败`, autoClose: ERROR_TOAST_MS });
    },
  });
}

/**
 * The complete button: only the task owner may click it (spec 2 §4.9); anyone else sees it inert
 * with the tooltip saying so.
 */
export function OwnerButton({ owner, onClick, children, ...rest }: ButtonProps & { owner: boolean; onClick: () => void; children: ReactNode; 'data-testid'?: string }) {
  const button = (
    <Button {...rest} onClick={owner ? onClick : (e) => e.preventDefault()} data-disabled={!owner || undefined}>
      {children}
    </Button>
  );
  return owner ? button : <Tooltip label={t`只有任务负责人可以点击`}>{button}</Tooltip>;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import { Text } from '@mantine/core';
import type { FlowListRow } from '#domain/cert-flow/flow-list.ts';
import { certFlowKeys, terminateFlow } from '#web/api/cert-flow.ts';

/** Terminate with the confirmation of req flow §8: the flow ends at once; certifying again needs a new flow. */
export function useTerminate(): (row: FlowListRow) => void {
  const queryClient = useQueryClient();
  const terminate = useMutation({
    mutationFn: terminateFlow,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: certFlowKeys.lists() });
    },
  });
  return (row) =>
    openConfirmModal({
      title: t`终止认证`,
      children: <Text size="sm">{t`终止后流程立即结束，如需再次认证，须重新发起新的流程。确定终止 ${row.supplierName} 的认证流程吗？`}</Text>,
      labels: { confirm: t`终止`, cancel: t`取消` },
      confirmProps: { color: 'red' },
      onConfirm: () => terminate.mutate(row.flowNo),
    });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Group, Text, type ButtonProps } from '@mantine/core';
import type { ExitRowActions } from '#domain/supplier-exit/exit.ts';
import { deleteExitDraft, exitKeys, terminateExit } from '#web/api/supplier-exit.ts';

/**
 * Ending an exit (docs/decisions/0032-supplier-exit.md): terminate a submitted one (its sponsor or an
 * administrator), delete a draft (its sponsor); each after a confirmation. The server says which the
 * caller may (`actions`) and checks it again.
 */
export function ExitEndButtons({ flowNo, actions, size = 'sm', onDeleted }: { flowNo: string; actions: ExitRowActions; size?: ButtonProps['size']; onDeleted?: () => void }) {
  const queryClient = useQueryClient();
  const done = ({ message }: { message: string }) => {
    notifications.show({ color: 'green', message });
    void queryClient.invalidateQueries({ queryKey: exitKeys.all });
  };
  const terminate = useMutation({ mutationFn: () => terminateExit(flowNo), onSuccess: done });
  const remove = useMutation({
    mutationFn: () => deleteExitDraft(flowNo),
    onSuccess: (r) => {
      done(r);
      onDeleted?.();
    },
  });
  if (!actions.terminate && !actions.delete) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {actions.terminate && (
        <Button
          size={size}
          color="red"
          variant="light"
          loading={terminate.isPending}
          data-testid="exit-terminate"
          onClick={() =>
            openConfirmModal({
              title: t`终止退出申请`,
              children: <Text size="sm">{t`终止后该退出申请结束，如需退出须重新发起。确定终止 ${flowNo} 吗？`}</Text>,
              labels: { confirm: t`终止`, cancel: t`取消` },
              confirmProps: { color: 'red' },
              onConfirm: () => terminate.mutate(),
            })
          }
        >
          <Trans>终止</Trans>
        </Button>
      )}
      {actions.delete && (
        <Button
          size={size}
          color="red"
          variant="subtle"
          loading={remove.isPending}
          data-testid="exit-delete"
          onClick={() =>
            openConfirmModal({
              title: t`删除草稿`,
              children: <Text size="sm">{t`草稿删除后不可恢复。确定删除 ${flowNo} 吗？`}</Text>,
              labels: { confirm: t`删除`, cancel: t`取消` },
              confirmProps: { color: 'red' },
              onConfirm: () => remove.mutate(),
            })
          }
        >
          <Trans>删除草稿</Trans>
        </Button>
      )}
    </Group>
  );
}

import { useMutation } from '@tanstack/react-query';
import { Button, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#domain/messages.ts';
import type { SystemCertDetail } from '#domain/cert-flow/nodes/system-cert.ts';
import { completeSystemCert } from '#web/api/system-cert.ts';

/**
 * Spec 2 §4.2, §4.8, §6: the quality review expert completes the node, or the purchasing manager when
 * no quality expert is assigned; anyone else sees the button with the tooltip saying who may click.
 * Completing asks for confirmation first.
 */
export function CompleteButton({ flowNo, detail, onDone }: { flowNo: string; detail: SystemCertDetail; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const complete = useMutation({
    mutationFn: () => completeSystemCert(flowNo),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      onDone();
    },
  });
  const confirm = () =>
    modals.openConfirmModal({
      title: t`完成节点`,
      children: <Text size="sm">{t`完成后节点将关闭，节点数据不可再编辑。确定完成吗？`}</Text>,
      labels: { confirm: t`确定`, cancel: t`取消` },
      onConfirm: () => complete.mutate(),
    });

  const button = (
    <Button onClick={detail.mayComplete ? confirm : (e) => e.preventDefault()} data-disabled={!detail.mayComplete || undefined} loading={complete.isPending} data-testid="system-cert-complete">
      <Trans>完成节点</Trans>
    </Button>
  );
  if (detail.mayComplete) return button;
  const who = detail.completer === 'QUALITY_EXPERT' ? 'onlyQualityExpertCompletes' : 'onlyPurchaseManagerCompletes';
  return <Tooltip label={translate(who, i18n.locale as Locale)}>{button}</Tooltip>;
}

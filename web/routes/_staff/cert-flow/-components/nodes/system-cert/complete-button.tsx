import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import type { SystemCertDetail } from '#domain/cert-flow/nodes/system-cert.ts';
import { completeSystemCert } from '#web/api/system-cert.ts';
import { confirmComplete, OwnerButton } from '../node-form-kit.tsx';

/**
 * Req flow §4.2, §4.8, §6: the quality review expert completes the node, or the purchasing manager when
 * no quality expert is assigned; anyone else sees the button with the tooltip saying who may click.
 * Completing asks for confirmation first.
 */
export function CompleteButton({ flowNo, detail, onDone }: { flowNo: string; detail: SystemCertDetail; onDone: () => void }) {
  const { i18n } = useLingui();
  const complete = useMutation({
    mutationFn: () => completeSystemCert(flowNo),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      onDone();
    },
  });
  const who = detail.completer === 'QUALITY_EXPERT' ? 'onlyQualityExpertCompletes' : 'onlyPurchaseManagerCompletes';
  return (
    <OwnerButton
      owner={detail.mayComplete}
      tooltip={translate(who, i18n.locale as Locale)}
      onClick={() => confirmComplete(() => complete.mutate())}
      loading={complete.isPending}
      data-testid="system-cert-complete"
    >
      <Trans>完成节点</Trans>
    </OwnerButton>
  );
}

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { APPROVAL_STATUS, CODE_STATUS } from '#domain/cert-flow/evaluation.ts';
import type { Kcp2Detail } from '#domain/cert-flow/nodes/kcp2.ts';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import { initSupplierPreRelease } from '#web/api/kcp2.ts';
import { OwnerButton } from '../node-form-kit.tsx';
import { ApprovalStatusMark } from './approval-status.tsx';
import { HighPotentialDialog } from './high-potential-dialog.tsx';

/**
 * The two buttons of KCP2 (req flow §4.4): apply for a supplier code, available once the
 * high-potential application (when the conclusion needs one) is finished and the life cycle is 0;
 * and the high-potential supplier application with its approval status. The release form is another
 * screen: the progress page opens it as the PRERELEASE node (`?node=PRERELEASE`).
 */
export function EvaluationActions({ flowNo, detail, onChanged }: { flowNo: string; detail: Kcp2Detail; onChanged: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [highPotentialOpen, setHighPotentialOpen] = useState(false);
  const openRelease = () => void navigate({ to: '/cert-flow/detail', search: { id: flowNo, node: 'PRERELEASE' } });
  const apply = useMutation({
    mutationFn: () => initSupplierPreRelease(flowNo),
    onSuccess: () => {
      onChanged();
      openRelease();
    },
    onError: (err) => notifications.show({ color: 'red', message: isApiError(err) && err.message ? err.message : t`操作失败`, autoClose: ERROR_TOAST_MS }),
  });

  const codeStarted = detail.supplierCodeStatus !== CODE_STATUS.NOTSTART;
  const mayApply = detail.canEdit && detail.supplierCodeAvailable;
  const codeReason = !detail.canEdit
    ? t`只有任务负责人可以点击`
    : detail.highPotentialRequired && detail.highPotentialStatus !== APPROVAL_STATUS.FINISHED
      ? t`高潜供应商申请审批通过后才能申请供应商编码`
      : t`该供应商当前生命周期不能申请供应商编码`;
  const onCode = () => {
    if (codeStarted) return openRelease();
    // Req flow §4.5, §8: a new application asks first.
    openConfirmModal({
      title: t`申请供应商编码`,
      children: <Text size="sm">{t`确定申请供应商编码吗？确定后将开始填写供应商发布信息。`}</Text>,
      labels: { confirm: t`确定`, cancel: t`取消` },
      onConfirm: () => apply.mutate(),
    });
  };

  const highPotentialOpenable = detail.highPotentialRequired || detail.highPotentialStatus !== APPROVAL_STATUS.NOTSTART;
  // Inert with the reason as tip, rather than disabled: a disabled button shows no tooltip.
  return (
    <Stack gap="sm">
      {detail.erpRefusal && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t`SAP处理失败`} data-testid="kcp2-erp-refusal">
          {detail.erpRefusal}
        </Alert>
      )}
      <Group gap="md" data-testid="kcp2-evaluation-actions">
      <OwnerButton variant="light" owner={codeStarted || mayApply} tooltip={codeReason} loading={apply.isPending} onClick={onCode} data-testid="kcp2-supplier-code">
        {codeStarted ? <Trans>查看供应商编码申请</Trans> : <Trans>申请供应商编码</Trans>}
      </OwnerButton>
      <OwnerButton
        variant="light"
        owner={highPotentialOpenable}
        tooltip={t`上会结论保存为“高潜供应商准入”后才能申请高潜供应商`}
        onClick={() => setHighPotentialOpen(true)}
        data-testid="kcp2-high-potential"
      >
        <Trans>高潜供应商申请</Trans>
      </OwnerButton>
      <ApprovalStatusMark status={detail.highPotentialStatus} remark={detail.bpmRemark} />
      <HighPotentialDialog flowNo={flowNo} opened={highPotentialOpen} onClose={() => setHighPotentialOpen(false)} onChanged={onChanged} />
      </Group>
    </Stack>
  );
}

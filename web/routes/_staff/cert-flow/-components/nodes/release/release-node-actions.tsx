import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { CODE_STATUS, LIFE_CYCLE, supplierCodeObtained } from '#domain/cert-flow/evaluation.ts';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import { SUPPLIER_SOURCE, type ReleaseTaskDetail } from '#domain/release/release-requests.ts';
import { initSupplierPreRelease } from '#web/api/kcp2.ts';
import { confirmRelease, releaseTaskQuery } from '#web/api/release.ts';
import { OwnerButton, useNodeWrite } from '../node-form-kit.tsx';

/**
 * What the RELEASE node adds to the release form (req flow §2.6, §3.15, §4.2, §4.5): with the supplier
 * code obtained at KCP2, the code and the confirmation that completes the node; without an
 * application yet, the supplier-code button (as at KCP2); while the application runs, that the node
 * completes with its approval. RELEASE has no save or submit of its own.
 */
export function ReleaseNodeActions({ flowNo, onChanged }: { flowNo: string; onChanged: () => void }) {
  const { i18n } = useLingui();
  const task = useQuery(releaseTaskQuery(flowNo, i18n.locale));
  if (!task.data) return null;
  const detail = task.data;
  // The code stays shown once RELEASE is finished; the confirmation only while it awaits one.
  if (supplierCodeObtained(detail)) return <ObtainedCode flowNo={flowNo} detail={detail} onChanged={onChanged} />;
  // RELEASE not open (not reached, finished, the flow ended): nothing to start here.
  if (detail.nodeCode !== 'RELEASE') return null;
  if (detail.status === CODE_STATUS.NOTSTART) return <ApplyForCode flowNo={flowNo} detail={detail} />;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="release-node-hint">
      <Trans>供应商编码申请审批通过、ERP生成编码后，发布节点自动完成。</Trans>
    </Alert>
  );
}

/** Req flow §3.15: the code, its source and life cycle; the principal confirms the release (after asking). */
function ObtainedCode({ flowNo, detail, onChanged }: { flowNo: string; detail: ReleaseTaskDetail; onChanged: () => void }) {
  const { t } = useLingui();
  const confirm = useNodeWrite<void>({ flowNo, nodeCode: 'RELEASE', write: () => confirmRelease(flowNo), onChanged });
  const code = detail.supplierCode;
  const ask = () =>
    openConfirmModal({
      title: t`确认发布`,
      children: <Text size="sm">{t`确认以供应商编码 ${code} 发布该供应商吗？确认后发布节点完成，不可撤回。`}</Text>,
      labels: { confirm: t`确定`, cancel: t`取消` },
      onConfirm: () => confirm.mutate(),
    });
  const lifeCycle =
    detail.lifeCycle === LIFE_CYCLE.HIGH_POTENTIAL ? t`高潜` : detail.lifeCycle === LIFE_CYCLE.ELIMINATED ? t`淘汰` : t`正常`;
  return (
    <Paper withBorder p="md" data-testid="release-code-block">
      <Group justify="space-between" align="center">
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" c="dimmed">{t`供应商编码`}</Text>
            <Text fw={700} size="lg" data-testid="release-code">
              {code}
            </Text>
            {detail.supplierSource && (
              <Badge size="sm" variant="outline" color="gray" data-testid="release-code-source">
                {detail.supplierSource === SUPPLIER_SOURCE.SAP ? t`SAP新建` : t`沿用SAP已有供应商`}
              </Badge>
            )}
          </Group>
          <Group gap="md">
            <Text size="sm" c="dimmed" data-testid="release-life-cycle">
              {t`生命周期`}: {lifeCycle}
            </Text>
            {detail.bpmUrl && (
              <Anchor href={detail.bpmUrl} target="_blank" size="sm">
                <Group gap={4}>
                  <IconExternalLink size={14} />
                  {t`查看审批`}
                </Group>
              </Anchor>
            )}
          </Group>
          {detail.awaitingConfirmation && (
            <Text size="sm" c="dimmed">
              {t`供应商编码已获得，发布负责人确认后发布节点完成。`}
            </Text>
          )}
        </Stack>
        {detail.awaitingConfirmation && (
          <OwnerButton owner={detail.confirmable} onClick={ask} loading={confirm.isPending} data-testid="release-confirm">
            <Trans>确认发布</Trans>
          </OwnerButton>
        )}
      </Group>
    </Paper>
  );
}

/** Req flow §4.4, §4.5: no application yet — the principal applies for a code here, after the confirmation. */
function ApplyForCode({ flowNo, detail }: { flowNo: string; detail: ReleaseTaskDetail }) {
  const { t, i18n } = useLingui();
  const apply = useNodeWrite<void>({
    flowNo,
    nodeCode: 'RELEASE',
    write: async () => {
      await initSupplierPreRelease(flowNo);
      return { message: t`操作成功` };
    },
  });
  const ask = () =>
    openConfirmModal({
      title: t`申请供应商编码`,
      children: <Text size="sm">{t`确定申请供应商编码吗？确定后将开始填写供应商发布信息。`}</Text>,
      labels: { confirm: t`确定`, cancel: t`取消` },
      onConfirm: () => apply.mutate(),
    });
  const reason = !detail.writable ? t`只有任务负责人可以点击` : translate('supplierCodeUnavailable', i18n.locale as Locale);
  return (
    <Group data-testid="release-apply">
      <OwnerButton owner={detail.writable && detail.available} tooltip={reason} onClick={ask} loading={apply.isPending} data-testid="release-apply-code">
        <Trans>申请供应商编码</Trans>
      </OwnerButton>
    </Group>
  );
}

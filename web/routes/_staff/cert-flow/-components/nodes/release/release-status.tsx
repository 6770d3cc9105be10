import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { CODE_STATUS, type CodeStatus } from '#domain/cert-flow/evaluation.ts';
import { SUPPLIER_SOURCE, type ReleaseDetail } from '#domain/release/release-requests.ts';

/** Req flow §4.5: the supplier-code application's states as the flow page names them. */
const STATUS_LOOK: Record<CodeStatus, { label: MessageDescriptor; color: string }> = {
  [CODE_STATUS.NOTSTART]: { label: msg`未开始`, color: 'gray' },
  [CODE_STATUS.NEW]: { label: msg`新建`, color: 'blue' },
  [CODE_STATUS.SAVED]: { label: msg`已保存`, color: 'cyan' },
  [CODE_STATUS.SUBMITTED]: { label: msg`已提交`, color: 'orange' },
  [CODE_STATUS.REJECT]: { label: msg`已驳回`, color: 'red' },
  [CODE_STATUS.FINISHED]: { label: msg`已完成`, color: 'green' },
};

/**
 * Where the application stands (req flow §3.15, §4.5): its status, the supplier code once there, the
 * link to the approval record card, the approvers' remark as a tip and the ERP's refusal as an alert.
 */
export function ReleaseStatus({ detail }: { detail: ReleaseDetail }) {
  const { t, i18n } = useLingui();
  const look = STATUS_LOOK[detail.status] ?? STATUS_LOOK[CODE_STATUS.NOTSTART];
  return (
    <>
      <Group gap="md" data-testid="release-status" data-status={detail.status}>
        <Group gap={6}>
          <Text size="sm" c="dimmed">{t`申请状态`}</Text>
          <Badge color={look.color} variant="light">
            {i18n._(look.label)}
          </Badge>
        </Group>
        {detail.supplierCode && (
          <Group gap={6}>
            <Text size="sm" c="dimmed">{t`供应商编码`}</Text>
            <Text size="sm" fw={600} data-testid="release-status-code">
              {detail.supplierCode}
            </Text>
            {detail.supplierSource && (
              <Badge size="xs" variant="outline" color="gray">
                {detail.supplierSource === SUPPLIER_SOURCE.SAP ? t`SAP新建` : t`沿用SAP已有供应商`}
              </Badge>
            )}
          </Group>
        )}
        {detail.bpmUrl && (
          <Anchor href={detail.bpmUrl} target="_blank" size="sm" data-testid="release-approval-link">
            <Group gap={4}>
              <IconExternalLink size={14} />
              {t`查看审批`}
            </Group>
          </Anchor>
        )}
      </Group>
      {detail.sapResult && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t`SAP处理失败`} data-testid="release-sap-result">
          {detail.sapAdvice && (
            <Text size="sm" fw={600} data-testid="release-sap-advice">
              {detail.sapAdvice}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {detail.sapResult}
          </Text>
        </Alert>
      )}
      {detail.bpmRemark && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={t`审批意见`} data-testid="release-bpm-remark">
          {detail.bpmRemark}
        </Alert>
      )}
    </>
  );
}

import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import type { ReleaseSaved } from '#domain/release/release-requests.ts';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import { RELEASE_TIMEOUT_MS, sapVendorQuery, switchSupplierCode } from '#web/api/release.ts';

export interface SapVendorDialogProps {
  opened: boolean;
  onClose: () => void;
  flowNo: string;
  version: number;
  currentCode: string;
  onSwitched: (saved: ReleaseSaved) => void;
  /** A save from an older version was refused (409). */
  onStale: () => void;
}

/**
 * "Use the ERP's existing vendor" (req flow §4.5, §7.9): looks the flow's credit code up in the ERP
 * (up to 60 s, with progress) and offers to switch the supplier code to the vendor found, after the
 * overwrite confirmation of req flow §8.
 */
export function SapVendorDialog({ opened, onClose, flowNo, version, currentCode, onSwitched, onStale }: SapVendorDialogProps) {
  const { t, i18n } = useLingui();
  const vendor = useQuery({ ...sapVendorQuery(flowNo), enabled: opened });
  const switching = useMutation({
    mutationFn: (supplierCode: string) => switchSupplierCode({ flowNo, version, supplierCode }),
    onSuccess: (saved) => {
      notifications.show({ color: 'green', message: saved.message });
      onClose();
      onSwitched(saved);
    },
    onError: (err) => {
      if (isApiError(err) && err.status === 409) onStale();
      notifications.show({ color: 'red', message: isApiError(err) && err.message ? err.message : t`操作失败`, autoClose: ERROR_TOAST_MS });
    },
  });

  const confirmSwitch = (supplierCode: string) =>
    openConfirmModal({
      title: t`切换供应商编码`,
      children: <Text size="sm">{translate('confirmOverwrite', i18n.locale as Locale)}</Text>,
      labels: { confirm: t`确定`, cancel: t`取消` },
      onConfirm: () => switching.mutate(supplierCode),
    });

  const found = vendor.data;
  return (
    <Modal opened={opened} onClose={onClose} title={t`使用SAP已有供应商`} size="lg">
      <Stack data-testid="sap-vendor-dialog">
        {vendor.isFetching && <LookupProgress />}
        {!vendor.isFetching && vendor.isError && (
          <Alert color="red" title={t`查询失败`}>
            <Group justify="space-between">
              <Text size="sm">{vendor.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => void vendor.refetch()}>
                {t`重试`}
              </Button>
            </Group>
          </Alert>
        )}
        {!vendor.isFetching && vendor.isSuccess && !found && <Alert color="gray">{t`SAP中没有该统一社会信用代码的供应商`}</Alert>}
        {!vendor.isFetching && found && (
          <>
            <Table withTableBorder variant="vertical" data-testid="sap-vendor">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>{t`供应商编码`}</Table.Th>
                  <Table.Td>{found.supplierCode}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t`供应商名称`}</Table.Th>
                  <Table.Td>{found.supplierName}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t`统一社会信用代码`}</Table.Th>
                  <Table.Td>{found.creditCode}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              {found.supplierCode === currentCode ? (
                <Text size="sm" c="dimmed">{t`当前已使用该供应商编码`}</Text>
              ) : (
                <Button loading={switching.isPending} onClick={() => confirmSwitch(found.supplierCode)} data-testid="sap-vendor-switch">
                  {t`切换为该供应商编码`}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** The ERP look-up may take up to a minute: the time passed against that limit. */
function LookupProgress() {
  const { t } = useLingui();
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const limit = RELEASE_TIMEOUT_MS / 1000;
  return (
    <Stack gap={4} data-testid="sap-vendor-progress">
      <Text size="sm">{t`正在查询SAP供应商，最长约需${limit}秒…（已用${seconds}秒）`}</Text>
      <Progress value={Math.min(100, (seconds / limit) * 100)} animated striped aria-label={t`查询进度`} />
    </Stack>
  );
}

import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FlowListRow } from '#domain/cert-flow/flow-list.ts';
import type { StaffOption } from '#web/api/reference.ts';
import { adjustOwner, certFlowKeys } from '#web/api/cert-flow.ts';
import { isApiError } from '#web/api/client.ts';
import { StaffSelect } from './staff-select.tsx';

/** Adjust owner (req flow §2.1): hand the purchasing manager and the CMT leader of a flow to others. */
export function AdjustOwnerDialog(props: { row: FlowListRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [purchase, setPurchase] = useState<StaffOption | null>(null);
  const [leader, setLeader] = useState<StaffOption | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const row = props.row;

  useEffect(() => {
    setPurchase(row ? { jobNumber: row.purchaseJobNumber, name: row.purchaseName } : null);
    setLeader(row ? { jobNumber: row.cmtLeader, name: row.cmtLeaderName } : null);
    setErrors({});
  }, [row]);

  const save = useMutation({
    mutationFn: adjustOwner,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: certFlowKeys.lists() });
      props.onClose();
    },
    onError: (err) => {
      if (isApiError(err)) setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message, autoClose: 3000 });
    },
  });

  return (
    <Modal opened={row !== null} onClose={props.onClose} title={<Trans>调整负责人</Trans>}>
      {row && (
        <Stack>
          <Text size="sm" c="dimmed">
            {row.flowNo} · {row.supplierName}
          </Text>
          <StaffSelect label={<Trans>采购经理</Trans>} withAsterisk value={purchase} onChange={setPurchase} error={errors.purchaseJobNumber} />
          <StaffSelect label="CMT Leader" withAsterisk value={leader} onChange={setLeader} error={errors.cmtLeader} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              <Trans>取消</Trans>
            </Button>
            <Button
              disabled={!purchase || !leader}
              loading={save.isPending}
              onClick={() =>
                purchase &&
                leader &&
                save.mutate({ flowNo: row.flowNo, purchaseJobNumber: purchase.jobNumber, purchaseName: purchase.name, cmtLeader: leader.jobNumber, cmtLeaderName: leader.name })
              }
            >
              <Trans>确定</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

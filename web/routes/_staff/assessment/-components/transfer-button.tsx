import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Group, Modal } from '@mantine/core';
import { assessmentKeys, transferReview } from '#web/api/assessment.ts';
import { StaffPicker } from './staff-picker.tsx';

/** Transfers an open review to another staff member (its holder or the plan's owner; the server decides). */
export function TransferButton({ taskNo }: { taskNo: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState<string | null>(null);
  const transfer = useMutation({
    mutationFn: () => transferReview(taskNo, to!),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
    },
  });
  return (
    <>
      <Button size="xs" variant="subtle" onClick={() => setOpen(true)} data-testid="review-transfer">
        <Trans>转办</Trans>
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t`转办`}>
        <StaffPicker label={t`转办给`} value={to} onChange={setTo} testId="transfer-to" />
        <Group justify="flex-end" mt="md">
          <Button disabled={!to} loading={transfer.isPending} onClick={() => transfer.mutate()} data-testid="transfer-confirm">
            <Trans>确定</Trans>
          </Button>
        </Group>
      </Modal>
    </>
  );
}

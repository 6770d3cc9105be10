import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { ADJUST_REASON_MAX } from '#domain/assessment/review.ts';
import type { SummaryRow } from '#domain/assessment/summary.ts';
import { adjustScore, assessmentKeys } from '#web/api/assessment.ts';
import { isApiError } from '#web/api/client.ts';

/** The owner adjusts a supplier's total with a reason (kept in the adjustment history). */
export function AdjustDialog({ planNo, row, onClose }: { planNo: string; row: SummaryRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [score, setScore] = useState(row.finalScore === null ? '' : String(row.finalScore));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => adjustScore(planNo, row.supplierNo, score, reason),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: assessmentKeys.plan(planNo) });
      onClose();
    },
    onError: (e) => setErrors(isApiError(e) ? { ...e.fieldErrors, ...(Object.keys(e.fieldErrors).length ? {} : { reason: e.message }) } : {}),
  });
  return (
    <Modal opened onClose={onClose} title={t`调整得分：${row.supplierName}`}>
      <Stack>
        <TextInput label={t`调整后得分 (0-100)`} value={score} onChange={(e) => setScore(e.currentTarget.value)} error={errors.score} data-testid="adjust-score" />
        <Textarea
          label={t`调整原因`}
          required
          maxLength={ADJUST_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          data-testid="adjust-reason"
        />
        <Group justify="flex-end">
          <Button loading={save.isPending} onClick={() => save.mutate()} data-testid="adjust-save">
            <Trans>保存</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

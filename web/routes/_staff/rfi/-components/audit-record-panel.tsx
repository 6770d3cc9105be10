import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { RELATION_TYPE, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { CurrentUser } from '../../../../api/auth.ts';
import { auditPass, auditReject, flowTasksQuery, rfiStaffKeys } from '../../../../api/rfi-staff.ts';
import { ChangeLogTable } from '../../cert-flow/-components/change-log-table.tsx';
import { useCloseAfterReview } from './close-after-review.ts';
import { RejectDialog } from './reject-dialog.tsx';

interface Props {
  user: CurrentUser;
  flowNo: string;
  taskNo: string;
  /** The route path of this page's tab, closed after a decision. */
  tabPath: string;
}

/**
 * The audit record panel beside the questionnaire (spec 1 §2, spec 2 §2.4): the RFI change log and,
 * for the principal of the in-progress review task, approve and reject. The server checks the
 * principal again; the buttons only spare others a refusal.
 */
export function AuditRecordPanel({ user, flowNo, taskNo, tabPath }: Props) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [decided, setDecided] = useState(false);
  const closeAfter = useCloseAfterReview(tabPath);
  const tasks = useQuery(flowTasksQuery(flowNo, i18n.locale));
  const task = tasks.data?.find((x) => x.taskNo === taskNo);
  const canDecide = !decided && task?.taskStatus === TASK_STATUS.IN_PROGRESS && task.taskPrincipalId === user.jobNumber;

  const decide = (decision: 'pass' | 'reject') => () => {
    setDecided(true);
    setRejectOpen(false);
    notifications.show({ color: 'green', message: t`操作成功` });
    void queryClient.invalidateQueries({ queryKey: rfiStaffKeys.tasks(flowNo) });
    void queryClient.invalidateQueries({ queryKey: rfiStaffKeys.histories(flowNo) });
    closeAfter(decision, flowNo);
  };
  const pass = useMutation({ mutationFn: () => auditPass({ flowNo, taskNo }), onSuccess: decide('pass') });
  const reject = useMutation({ mutationFn: (reason: string) => auditReject({ flowNo, taskNo, reason }), onSuccess: decide('reject') });
  const busy = pass.isPending || reject.isPending;

  return (
    <Paper withBorder p="md" data-testid="audit-record-panel">
      <Stack>
        <Group justify="space-between">
          <Title order={5}>
            <Trans>审核记录</Trans>
          </Title>
          {canDecide && (
            <Group gap="xs">
              <Button size="xs" color="red" variant="outline" disabled={busy} onClick={() => setRejectOpen(true)}>
                <Trans>驳回</Trans>
              </Button>
              <Button size="xs" loading={pass.isPending} disabled={busy} onClick={() => pass.mutate()}>
                <Trans>通过</Trans>
              </Button>
            </Group>
          )}
        </Group>
        <ChangeLogTable relationType={RELATION_TYPE.RFI_LOG} flowNo={flowNo} compact />
      </Stack>
      <RejectDialog opened={rejectOpen} pending={reject.isPending} onClose={() => setRejectOpen(false)} onConfirm={(reason) => reject.mutate(reason)} />
    </Paper>
  );
}

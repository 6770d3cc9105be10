import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import { Button, type MantineSize } from '@mantine/core';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { CurrentUser } from '#web/api/auth.ts';
import { auditPass, auditReject, flowTasksQuery, rfiStaffKeys } from '#web/api/rfi-staff.ts';
import { isPendingAnswer } from '#web/api/pending-writes.ts';
import { useCloseAfterReview } from './close-after-review.ts';
import { RejectDialog } from './reject-dialog.tsx';

/**
 * Approve and reject of a task decided on a record card — an RFI review or an approval step (req rfi
 * §2, req flow §2.4, §4.11) — for whoever the caller says may decide; after a decision '操作成功', the
 * page's reads refresh and the tab closes. The server checks the principal again; the buttons only
 * spare others a refusal.
 */
export function useTaskDecision(opts: {
  flowNo: string;
  taskNo: string;
  /** The route path of this page's tab, closed after a decision. */
  tabPath: string;
  /** The reader is the task's principal and the task waits for them. */
  canDecide: boolean;
  /** Everything the page shows that a decision changes. */
  onDecided?: () => void;
}) {
  const { flowNo, taskNo } = opts;
  const [rejectOpen, setRejectOpen] = useState(false);
  const [decided, setDecided] = useState(false);
  const closeAfter = useCloseAfterReview(opts.tabPath);

  const decide = (decision: 'pass' | 'reject') => (answer: unknown) => {
    setDecided(true);
    setRejectOpen(false);
    // 202: the decision is taken and the flow still moving on (the progress page follows it).
    notifications.show(isPendingAnswer(answer) ? { color: 'blue', message: t`已提交，正在处理` } : { color: 'green', message: t`操作成功` });
    opts.onDecided?.();
    closeAfter(decision, flowNo);
  };
  const pass = useMutation({ mutationFn: () => auditPass({ flowNo, taskNo }), onSuccess: decide('pass') });
  const reject = useMutation({ mutationFn: (reason: string) => auditReject({ flowNo, taskNo, reason }), onSuccess: decide('reject') });

  return { canDecide: !decided && opts.canDecide, pass, reject, rejectOpen, setRejectOpen };
}

export type TaskDecision = ReturnType<typeof useTaskDecision>;

/** An RFI review task: its principal decides while it is in progress. */
export function useReviewDecision(opts: { user: CurrentUser; flowNo: string; taskNo: string; tabPath: string; onDecided?: () => void }) {
  const { flowNo, taskNo } = opts;
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const tasks = useQuery(flowTasksQuery(flowNo, i18n.locale));
  const task = tasks.data?.find((x) => x.taskNo === taskNo);
  const decision = useTaskDecision({
    flowNo,
    taskNo,
    tabPath: opts.tabPath,
    canDecide: task?.taskStatus === TASK_STATUS.IN_PROGRESS && task.taskPrincipalId === opts.user.jobNumber,
    onDecided: () => {
      void queryClient.invalidateQueries({ queryKey: rfiStaffKeys.tasks(flowNo) });
      void queryClient.invalidateQueries({ queryKey: rfiStaffKeys.histories(flowNo) });
      opts.onDecided?.();
    },
  });
  return { tasks, task, ...decision };
}

/** '驳回' (asking the reason) and '通过'. */
export function DecisionButtons({ review, size }: { review: TaskDecision; size?: MantineSize }) {
  const { pass, reject } = review;
  const busy = pass.isPending || reject.isPending;
  return (
    <>
      <Button size={size} color="red" variant="outline" disabled={busy} onClick={() => review.setRejectOpen(true)}>
        <Trans>驳回</Trans>
      </Button>
      <Button size={size} loading={pass.isPending} disabled={busy} onClick={() => pass.mutate()}>
        <Trans>通过</Trans>
      </Button>
    </>
  );
}

/** The reject reason dialog of a decision. */
export function ReviewRejectDialog({ review }: { review: TaskDecision }) {
  return (
    <RejectDialog opened={review.rejectOpen} pending={review.reject.isPending} onClose={() => review.setRejectOpen(false)} onConfirm={(reason) => review.reject.mutate(reason)} />
  );
}

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
import { useCloseAfterReview } from './close-after-review.ts';
import { RejectDialog } from './reject-dialog.tsx';

/**
 * Approve and reject of a review task (spec 1 §2, spec 2 §2.4, §4.11), for its principal while the
 * task is in progress; after a decision '操作成功', the task lists refresh and the tab closes. The
 * server checks the principal again; the buttons only spare others a refusal.
 */
export function useReviewDecision(opts: {
  user: CurrentUser;
  flowNo: string;
  taskNo: string;
  /** The route path of this page's tab, closed after a decision. */
  tabPath: string;
  /** Anything else the page shows that a decision changes. */
  onDecided?: () => void;
}) {
  const { flowNo, taskNo } = opts;
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [decided, setDecided] = useState(false);
  const closeAfter = useCloseAfterReview(opts.tabPath);
  const tasks = useQuery(flowTasksQuery(flowNo, i18n.locale));
  const task = tasks.data?.find((x) => x.taskNo === taskNo);
  const canDecide = !decided && task?.taskStatus === TASK_STATUS.IN_PROGRESS && task.taskPrincipalId === opts.user.jobNumber;

  const decide = (decision: 'pass' | 'reject') => () => {
    setDecided(true);
    setRejectOpen(false);
    notifications.show({ color: 'green', message: t`操作成功` });
    void queryClient.invalidateQueries({ queryKey: rfiStaffKeys.tasks(flowNo) });
    void queryClient.invalidateQueries({ queryKey: rfiStaffKeys.histories(flowNo) });
    opts.onDecided?.();
    closeAfter(decision, flowNo);
  };
  const pass = useMutation({ mutationFn: () => auditPass({ flowNo, taskNo }), onSuccess: decide('pass') });
  const reject = useMutation({ mutationFn: (reason: string) => auditReject({ flowNo, taskNo, reason }), onSuccess: decide('reject') });

  return { tasks, task, canDecide, pass, reject, rejectOpen, setRejectOpen };
}

export type ReviewDecision = ReturnType<typeof useReviewDecision>;

/** '驳回' (asking the reason) and '通过'. */
export function DecisionButtons({ review, size }: { review: ReviewDecision; size?: MantineSize }) {
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

/** The reject reason dialog of a review. */
export function ReviewRejectDialog({ review }: { review: ReviewDecision }) {
  return (
    <RejectDialog opened={review.rejectOpen} pending={review.reject.isPending} onClose={() => review.setRejectOpen(false)} onConfirm={(reason) => review.reject.mutate(reason)} />
  );
}

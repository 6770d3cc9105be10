import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { FEEDBACK_STATUSES } from '#domain/feedback/feedback.ts';
import { PAGE_SIZES } from '#domain/fields.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { FeedbackManagePage } from './-components/feedback-manage-page.tsx';

const search = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce
    .number()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(20),
  status: z.enum(FEEDBACK_STATUSES).optional().catch(undefined),
});

export const Route = createFileRoute('/_staff/feedback-manage/')({
  validateSearch: search,
  staticData: { title: msg`意见反馈管理`, routeKey: ROUTES.feedbackManage },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.feedbackManage),
  component: FeedbackManageRoute,
});

function FeedbackManageRoute() {
  return <FeedbackManagePage search={Route.useSearch()} />;
}

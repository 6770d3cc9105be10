import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalOneOf, searchParams } from '#web/components/search-params.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { FEEDBACK_STATUSES } from '#domain/feedback/feedback-status.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { FeedbackManagePage } from './-components/feedback-manage-page.tsx';

const search = searchParams({
  ...pagingSearch,
  status: optionalOneOf(FEEDBACK_STATUSES),
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

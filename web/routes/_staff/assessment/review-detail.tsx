import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams, text } from '#web/components/search-params.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ReviewGridPage } from './-components/review-grid-page.tsx';

const search = searchParams({ taskNo: text() });

/** One review task's scoring grid (req performance §2.4 review detail). */
export const Route = createFileRoute('/_staff/assessment/review-detail')({
  validateSearch: search,
  staticData: { title: msg`评分`, routeKey: ROUTES.assessmentReview },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.assessmentReview),
  component: ReviewDetailRoute,
});

function ReviewDetailRoute() {
  const { taskNo } = Route.useSearch();
  return <ReviewGridPage key={taskNo} taskNo={taskNo} />;
}

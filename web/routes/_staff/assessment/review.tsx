import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { optionalOneOf, optionalText, searchParams } from '#web/components/search-params.ts';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ReviewListPage } from './-components/review-list-page.tsx';

const search = searchParams({
  ...pagingSearch,
  planNo: optionalText({ max: 64 }),
  supplier: optionalText({ max: 100 }),
  status: optionalOneOf([20, 30]),
});

/** A reviewer's work list (req performance §2.4 review list): their own review tasks; a plan's owner sees all of the plan's. */
export const Route = createFileRoute('/_staff/assessment/review')({
  validateSearch: search,
  staticData: { title: msg`绩效评审`, routeKey: ROUTES.assessmentReview },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.assessmentReview),
  component: ReviewListRoute,
});

function ReviewListRoute() {
  return <ReviewListPage search={Route.useSearch()} />;
}

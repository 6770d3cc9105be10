import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { pagingSearch } from '#web/components/list-tools/paging-search.ts';
import { ROUTES } from '#domain/permissions.ts';
import { requireRoute } from '#web/shell/guard.ts';
import { ReviewListPage } from './-components/review-list-page.tsx';

const search = z.object({
  ...pagingSearch,
  planNo: z.string().trim().max(64).optional().catch(undefined),
  supplier: z.string().trim().max(100).optional().catch(undefined),
  status: z
    .union([z.literal(20), z.literal(30)])
    .optional()
    .catch(undefined),
});

/** A reviewer's work list (spec 3 §2.4 review list): their own review tasks; a plan's owner sees all of the plan's. */
export const Route = createFileRoute('/_staff/assessment/review')({
  validateSearch: search,
  staticData: { title: msg`绩效评审`, routeKey: ROUTES.assessmentReview },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.assessmentReview),
  component: ReviewListRoute,
});

function ReviewListRoute() {
  return <ReviewListPage search={Route.useSearch()} />;
}

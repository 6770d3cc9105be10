import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { optionalText, searchParams } from '#web/components/search-params.ts';
import { ROUTES } from '#domain/permissions.ts';
import { planDetailQuery } from '#web/api/performance.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { requireRoute } from '#web/shell/guard.ts';
import { PlanFormPage } from './-components/plan-form-page.tsx';

/** A new plan, or a draft plan (planNo) to edit; a started plan shows read-only. */
const search = searchParams({ planNo: optionalText({ max: 40, trim: false }) });

export const Route = createFileRoute('/_staff/performance-plan/form')({
  validateSearch: search,
  staticData: { title: msg`绩效计划详情`, routeKey: ROUTES.performancePlan },
  beforeLoad: ({ context }) => requireRoute(context.user, ROUTES.performancePlan),
  component: PlanFormRoute,
});

function PlanFormRoute() {
  const { planNo } = Route.useSearch();
  const { i18n } = useLingui();
  const plan = useQuery(planDetailQuery(planNo ?? '', i18n.locale));
  if (planNo && !plan.data) return <PageLoader />;
  return <PlanFormPage key={planNo ?? 'new'} plan={plan.data} />;
}

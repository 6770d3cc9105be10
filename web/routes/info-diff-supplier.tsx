import { createFileRoute } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { searchParams, text } from '#web/components/search-params.ts';
import { ComparisonPage } from '#web/supplier-change/comparison-page.tsx';

const search = searchParams({
  comparisonCode: text({ max: 100 }),
});

/**
 * /info-diff-supplier?comparisonCode=: the comparison of a supplier-side supplier information change, without login (req change §2.1,
 * req shell §2.6); the code is the capability, so nothing here needs a session.
 */
export const Route = createFileRoute('/info-diff-supplier')({
  validateSearch: search,
  staticData: { title: msg`供应商信息变更对比` },
  component: function InfoDiffRoute() {
    return <ComparisonPage side="supplier" comparisonCode={Route.useSearch().comparisonCode} />;
  },
});

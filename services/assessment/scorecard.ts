import type { Db } from '#db/connection.ts';
import type { PortalScorecard } from '#domain/assessment/summary.ts';
import type { Locale } from '#domain/i18n.ts';
import type { PortalPrincipal } from '#domain/identity.ts';
import type { PerfTraceNode } from '#domain/performance/calculate.ts';
import { finalScore } from '#domain/performance/calculate.ts';
import { parseDecimal } from '#domain/performance/decimal.ts';
import { portalSupplierNos } from '#services/supplier-change/access.ts';

/**
 * GET /v1/supplier-portal/scorecard: the published (concluded) results of the portal account's own suppliers:
 * total, grade and the first-level indices. Nothing of a plan still running, and no reviewer's name or score.
 */
export async function portalScorecard(db: Db, portal: PortalPrincipal, locale: Locale): Promise<PortalScorecard> {
  const suppliers = await portalSupplierNos(db, portal);
  if (!suppliers.length) return { supplierName: portal.supplierName, plans: [] };
  const rows = await db
    .selectFrom('perf_supplier_summary as m')
    .innerJoin('perf_plan as p', 'p.plan_no', 'm.plan_no')
    .select(['p.plan_no', 'p.name', 'p.period', 'p.concluded_at', 'm.calculated_score', 'm.adjusted_score', 'm.grade', 'm.trace'])
    .where('m.supplier_no', 'in', suppliers)
    .where('p.status', '=', 'concluded')
    .orderBy('p.concluded_at', 'desc')
    .limit(50)
    .execute();
  return {
    supplierName: portal.supplierName,
    plans: rows.map((r) => ({
      planNo: r.plan_no,
      planName: r.name,
      period: r.period,
      publishedAt: new Date(r.concluded_at ?? 0).toISOString(),
      score: finalScore({ calculatedScore: parseDecimal(r.calculated_score), adjustedScore: parseDecimal(r.adjusted_score) }),
      grade: r.grade,
      items: (r.trace as PerfTraceNode[]).map((n) => ({ indexName: locale === 'en' ? n.nameEn : n.nameZh, weight: n.weight, score: n.score })),
    })),
  };
}

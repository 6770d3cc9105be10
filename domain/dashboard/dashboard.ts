import { z } from 'zod';
import { wireDay } from '../date-time.ts';

/**
 * The operations dashboard (docs/decisions/0057-operations-dashboard.md): where the running flows stand and wait, how long
 * each node takes, what the months brought, which certificates run out, and the last assessment round's grades — of
 * the flows the caller may see, narrowed by the filters kept in the page's address.
 */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The longest period the history charts span. */
export const PERIOD_MONTHS_MAX = 36;
/** The period shown when none is asked: this month and the five before it. */
export const DEFAULT_PERIOD_MONTHS = 6;
/** Certificates listed as ending: within this many days. */
export const CERTIFICATES_ENDING_DAYS = 90;
/** Rows of the overdue and certificate tables (the totals count them all). */
export const DASHBOARD_TABLE_ROWS = 10;
/** Overdue nodes are counted up to this many; past it the dashboard says "more than" (as the flow list's count). */
export const OVERDUE_COUNTED_UP_TO = 1000;

const monthText = z.string().trim().regex(MONTH, { error: 'invalidMonth' });

export const dashboardQuery = z
  .object({
    certScenario: z.string().trim().max(64).optional(),
    cmtCode: z.string().trim().max(32).optional(),
    categoryCode: z.string().trim().max(32).optional(),
    from: monthText.optional(),
    to: monthText.optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to || !MONTH.test(q.from) || !MONTH.test(q.to)) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'periodEndsBeforeStart' });
    else if (monthsOf(q.from, q.to).length > PERIOD_MONTHS_MAX) ctx.addIssue({ code: 'custom', path: ['from'], message: 'periodTooLong' });
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** Whose flows the dashboard counts: every flow, the flows one leads as CMT leader, or one's own as purchasing manager. */
export const dashboardScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('cmtLeader'), jobNumber: z.string() }),
  z.object({ kind: z.literal('purchaseManager'), jobNumber: z.string() }),
]);
export type DashboardScope = z.infer<typeof dashboardScope>;

const count = z.number().int().nonnegative();

export const dashboardView = z.object({
  scope: dashboardScope,
  period: z.object({ from: z.string(), to: z.string() }),
  /** Running flows by stage and open node. */
  openByNode: z.array(z.object({ stage: z.number(), nodeCode: z.string(), nodeName: z.string(), count })),
  /** Open nodes past their time limit, most overdue first. */
  overdue: z.object({
    total: count,
    /** More than `total` (OVERDUE_COUNTED_UP_TO) are overdue. */
    more: z.boolean(),
    rows: z.array(
      z.object({
        flowNo: z.string(),
        supplierName: z.string(),
        nodeCode: z.string(),
        nodeName: z.string(),
        dueAt: z.string(),
        /** Working days since the due time. */
        overdueDays: count,
        purchaseName: z.string(),
      }),
    ),
  }),
  /** Completions of each node in the period with the median and 90th percentile of whole days spent. */
  nodeTimes: z.array(z.object({ nodeCode: z.string(), nodeName: z.string(), completions: count, medianDays: count, p90Days: count })),
  /** Per month of the period: flows admitted, flows terminated, supplier exits approved. */
  monthly: z.array(z.object({ month: z.string(), admitted: count, terminated: count, exited: count })),
  certificatesEnding: z.object({
    total: count,
    rows: z.array(z.object({ supplierNo: z.string(), supplierName: z.string(), kind: z.string(), kindName: z.string(), validUntil: z.string() })),
  }),
  /** The last concluded assessment round: its final grades' distribution; null before any. */
  grades: z
    .object({ planNo: z.string(), planName: z.string(), period: z.string(), counts: z.object({ A: count, B: count, C: count }) })
    .nullable(),
});
export type DashboardView = z.infer<typeof dashboardView>;

/** The months from `from` to `to`, both included, as YYYY-MM. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  while (y < ty || (y === ty && m <= tm)) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    if (++m > 12) [y, m] = [y + 1, 1];
    if (months.length > PERIOD_MONTHS_MAX * 4) break;
  }
  return months;
}

/** The period asked, or the default one ending with the plants' current month. */
export function periodOf(q: Pick<DashboardQuery, 'from' | 'to'>, now: Date): { from: string; to: string } {
  const to = q.to ?? wireDay(now).slice(0, 7);
  if (q.from) return { from: q.from, to };
  let [y, m] = to.split('-').map(Number) as [number, number];
  m -= DEFAULT_PERIOD_MONTHS - 1;
  while (m < 1) [y, m] = [y - 1, m + 12];
  return { from: `${y}-${String(m).padStart(2, '0')}`, to };
}

/**
 * The `p`th percentile (0–100) of values given as a histogram (value → how many), by the nearest-rank rule: the
 * smallest value at or below which at least p % of them lie. 0 for no values.
 */
export function percentileOfHistogram(histogram: ReadonlyArray<{ value: number; n: number }>, p: number): number {
  const sorted = [...histogram].filter((b) => b.n > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((s, b) => s + b.n, 0);
  if (!total) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const b of sorted) {
    seen += b.n;
    if (seen >= rank) return b.value;
  }
  return sorted[sorted.length - 1]!.value;
}

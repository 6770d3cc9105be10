import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { addDays } from '#domain/certificates/certificate.ts';
import { wireDay } from '#domain/date-time.ts';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import { requalificationDueDay } from '#domain/requalification/requalification.ts';
import { SUPPLIER_ACTIVE } from '#domain/supplier-master.ts';
import { certificateKinds } from '#services/certificates/master-certificates.ts';

/** A requalification the platform starts by itself. */
export interface DueRequalification {
  supplierNo: string;
  categoryCodes: string[];
  trigger: 'schedule' | 'certificate';
  /** The earliest due day of the schedule; the certificate's id. */
  triggerRef: string;
  reason: string;
}

/**
 * What falls due on `today` (docs/decisions/0055-requalification.md), and the next day something will:
 * - a category whose policy has an interval, N months after it last qualified (admission or a passed requalification),
 *   unless a requalification covering it started on or after that day (whatever its outcome: a withdrawn one is not
 *   started again by the schedule, a person decides); a supplier's due categories go together;
 * - a current must-have certificate ended and not renewed for its kind's grace days (`requalifyAfterDays`): every
 *   admitted category of the supplier not already under a running requalification, once per certificate.
 */
export async function dueRequalifications(db: Db, now: Date): Promise<{ due: DueRequalification[]; nextDay: string | null }> {
  const today = wireDay(now);
  const [scheduled, certificates] = await Promise.all([dueBySchedule(db, today), dueByCertificate(db, today)]);
  const next = [scheduled.nextDay, certificates.nextDay].filter((d): d is string => d !== null).sort()[0] ?? null;
  return { due: [...scheduled.due, ...certificates.due], nextDay: next };
}

async function dueBySchedule(db: Db, today: string) {
  const rows = await db
    .selectFrom('supplier_category as sc')
    .innerJoin('requalification_policy as p', 'p.category_code', 'sc.category_code')
    .innerJoin('supplier as s', 's.supplier_no', 'sc.supplier_no')
    .select(['sc.supplier_no', 'sc.category_code', 'p.interval_months', (eb) => eb.fn.coalesce('sc.qualified_at', 'sc.accessed_at').as('since')])
    .where('p.interval_months', 'is not', null)
    .where('s.status', '=', SUPPLIER_ACTIVE)
    .where('sc.life_cycle', '!=', CATEGORY_LIFE_CYCLE.ELIMINATED)
    .orderBy('sc.supplier_no')
    .orderBy('sc.category_code')
    .execute();
  const bySupplier = new Map<string, { codes: string[]; earliest: string }>();
  let nextDay: string | null = null;
  const candidates = rows.map((r) => ({ ...r, dueDay: requalificationDueDay(wireDay(new Date(r.since)), r.interval_months)! }));
  const handled = await handledSince(
    db,
    candidates.filter((c) => c.dueDay <= today),
  );
  for (const c of candidates) {
    if (c.dueDay > today) {
      if (nextDay === null || c.dueDay < nextDay) nextDay = c.dueDay;
      continue;
    }
    if (handled.has(`${c.supplier_no}:${c.category_code}`)) continue;
    const group = bySupplier.get(c.supplier_no) ?? { codes: [], earliest: c.dueDay };
    group.codes.push(c.category_code);
    if (c.dueDay < group.earliest) group.earliest = c.dueDay;
    bySupplier.set(c.supplier_no, group);
  }
  const due: DueRequalification[] = [...bySupplier].map(([supplierNo, g]) => ({
    supplierNo,
    categoryCodes: g.codes,
    trigger: 'schedule',
    triggerRef: g.earliest,
    reason: `品类再认证周期已到（${g.earliest}）`,
  }));
  return { due, nextDay };
}

/** The supplier:category pairs among these whose due day a requalification already answered, or one runs for. */
async function handledSince(db: Db, due: { supplier_no: string; category_code: string; dueDay: string }[]): Promise<Set<string>> {
  if (!due.length) return new Set();
  const rows = await db
    .selectFrom('requalification')
    .select(['supplier_no', 'category_codes', 'outcome', 'created_at'])
    .where('supplier_no', 'in', [...new Set(due.map((d) => d.supplier_no))])
    .execute();
  const handled = new Set<string>();
  for (const d of due) {
    const answered = rows.some(
      (r) => r.supplier_no === d.supplier_no && r.category_codes.includes(d.category_code) && (r.outcome === 'running' || wireDay(new Date(r.created_at)) >= d.dueDay),
    );
    if (answered) handled.add(`${d.supplier_no}:${d.category_code}`);
  }
  return handled;
}

async function dueByCertificate(db: Db, today: string) {
  const kinds = await certificateKinds(db);
  const graced = [...kinds].filter(([, k]) => k.requalifyAfterDays !== null);
  if (!graced.length) return { due: [], nextDay: null };
  const ended = await db
    .selectFrom('supplier_certificate as c')
    .innerJoin('supplier as s', 's.supplier_no', 'c.supplier_no')
    .select(['c.id', 'c.supplier_no', 'c.kind', 'c.valid_until'])
    .where('c.status', 'in', ['valid', 'expired'])
    .where('c.valid_until', 'is not', null)
    .where('c.kind', 'in', graced.map(([k]) => k))
    .where('s.status', '=', SUPPLIER_ACTIVE)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('requalification as q').select(sql.lit(1).as('one')).where('q.trigger', '=', 'certificate').whereRef('q.trigger_ref', '=', sql`c.id::text`))),
    )
    .orderBy('c.id')
    .execute();
  const due: DueRequalification[] = [];
  let nextDay: string | null = null;
  for (const c of ended) {
    const kind = kinds.get(c.kind)!;
    // Ended the day after its last valid day; the grace runs from there.
    const dueDay = addDays(c.valid_until!, 1 + kind.requalifyAfterDays!);
    if (dueDay > today) {
      if (nextDay === null || dueDay < nextDay) nextDay = dueDay;
      continue;
    }
    const codes = await freeCategories(db, c.supplier_no);
    if (!codes.length) continue;
    due.push({ supplierNo: c.supplier_no, categoryCodes: codes, trigger: 'certificate', triggerRef: String(c.id), reason: `${kind.zh}已于 ${c.valid_until} 到期，宽限 ${kind.requalifyAfterDays} 天内未更新` });
  }
  return { due, nextDay };
}

/** The supplier's admitted categories no running requalification covers. */
async function freeCategories(db: Db, supplierNo: string): Promise<string[]> {
  const [categories, running] = await Promise.all([
    db
      .selectFrom('supplier_category')
      .select('category_code')
      .where('supplier_no', '=', supplierNo)
      .where('life_cycle', '!=', CATEGORY_LIFE_CYCLE.ELIMINATED)
      .orderBy('category_code')
      .execute(),
    db.selectFrom('requalification').select('category_codes').where('supplier_no', '=', supplierNo).where('outcome', '=', 'running').execute(),
  ]);
  const taken = new Set(running.flatMap((r) => r.category_codes));
  return categories.map((c) => c.category_code).filter((c) => !taken.has(c));
}

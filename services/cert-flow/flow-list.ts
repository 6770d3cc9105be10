import { CompiledQuery, sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { Page } from '#domain/fields.ts';
import type { FlowListQuery, FlowListRow } from '#domain/cert-flow/flow-list.ts';
import { flowRowActions } from '#domain/cert-flow/row-actions.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { participantFlows } from './participants.ts';
import { escapeLike, supplierNameMatches } from './supplier-name-search.ts';

/**
 * The flow management list (spec 2 §2.1), newest first, with the labels in the caller's language and,
 * on each row, the actions this caller may take.
 *
 * The page is found on the flows table alone — its page numbers and filters, no joins — so each filter's
 * index serves it in page order, index-only where the index holds what the filter asks (page 200 reads
 * 4,000 index entries, not 4,000 rows with their labels); only the page's rows are then read and
 * labelled (docs/decisions.md "Flow list at a million flows").
 */
export async function listFlows(db: Db, q: FlowListQuery, staff: StaffPrincipal, locale: Locale): Promise<Page<FlowListRow>> {
  const nameCol = locale === 'en' ? 'name_en' : 'name_zh';
  const labelCol = locale === 'en' ? 'label_en' : 'label_zh';
  const matching = await matchingFlows(db, q);
  const page = matching
    .select(['f.flow_no', 'f.start_time'])
    .orderBy('f.start_time', 'desc')
    .orderBy('f.flow_no', 'desc')
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(page.as('k'))
      .innerJoin('cert_flow as f', 'f.flow_no', 'k.flow_no')
      .leftJoin('cmt as c', 'c.code', 'f.cmt_code')
      .leftJoin('scenario as s', 's.code', 'f.cert_scenario')
      .leftJoin('staff as p', 'p.job_number', 'f.purchase_job_number')
      .leftJoin('staff as l', 'l.job_number', 'f.cmt_leader_job_number')
      .leftJoin('dict_entry as d', (j) => j.on('d.dict_type', '=', 'fri_cert_stage').on(sql`d.dict_key`, '=', sql`f.stage::text`))
      .select([
        'f.flow_no',
        'f.supplier_code',
        'f.supplier_name',
        'f.category_list',
        'f.cert_scenario',
        'f.stage',
        'f.purchase_job_number',
        'f.cmt_leader_job_number',
        'f.start_time',
        'f.pass_time',
        'f.current_node_code',
        `c.${nameCol} as cmt_name`,
        `s.${nameCol} as scenario_name`,
        'p.name as purchase_name',
        'l.name as leader_name',
        `d.${labelCol} as stage_label`,
      ])
      .orderBy('k.start_time', 'desc')
      .orderBy('k.flow_no', 'desc')
      .execute(),
    countUpTo(db, matching.select(sql<number>`1`.as('one'))),
  ]);
  const mine = await participantFlows(db, staff.jobNumber, rows.map((r) => r.flow_no));
  return {
    total: count,
    records: rows.map((r) => ({
      flowNo: r.flow_no,
      supplierCode: r.supplier_code,
      supplierName: r.supplier_name,
      cmtName: r.cmt_name ?? '',
      categoryNames: r.category_list.map((c) => c.name).join(', '),
      certScenario: r.cert_scenario,
      certScenarioStr: r.scenario_name ?? r.cert_scenario,
      stage: r.stage,
      stageStr: r.stage_label ?? String(r.stage),
      purchaseName: r.purchase_name ?? '',
      purchaseJobNumber: r.purchase_job_number,
      cmtLeader: r.cmt_leader_job_number,
      cmtLeaderName: r.leader_name ?? '',
      startTime: r.start_time.toISOString(),
      passTime: r.pass_time ? r.pass_time.toISOString() : null,
      bpmUrl: null,
      currentNodeCode: r.current_node_code,
      actions: flowRowActions(
        {
          stage: r.stage,
          currentNodeCode: r.current_node_code,
          passTime: r.pass_time,
          purchaseJobNumber: r.purchase_job_number,
          cmtLeaderJobNumber: r.cmt_leader_job_number,
        },
        { jobNumber: staff.jobNumber, permissions: staff.permissions, participant: mine.has(r.flow_no) },
      ),
    })),
  };
}

/** The flows the list's filters admit, as a query on the flows table alone (`f`). */
async function matchingFlows(db: Db, q: FlowListQuery) {
  let base = db.selectFrom('cert_flow as f');
  if (q.flowNo) base = base.where('f.flow_no', 'ilike', `%${escapeLike(q.flowNo)}%`);
  if (q.supplierName) base = base.where(await supplierNameMatches(db, q.supplierName, q.currentPage * q.pageSize));
  if (q.cmtName) {
    // The codes first (a small table), so the planner sees them and walks the CMT's index in page order;
    // as a subquery it joined every flow to the CMTs and sorted the matches.
    const like = `%${escapeLike(q.cmtName)}%`;
    const cmts = await db.selectFrom('cmt').select('code').where((eb) => eb.or([eb('name_zh', 'ilike', like), eb('name_en', 'ilike', like)])).execute();
    base = cmts.length ? base.where('f.cmt_code', 'in', cmts.map((c) => c.code)) : base.where(sql<boolean>`false`);
  }
  if (q.categoryNames) {
    // Names are matched on the small category table; the flows are then found by code through the
    // category_list GIN index (a "contains" scan over every flow's JSON would read them all).
    const like = `%${escapeLike(q.categoryNames)}%`;
    const codes = await db
      .selectFrom('category')
      .select('code')
      .where('level', '=', 3)
      .where((eb) => eb.or([eb('name_zh', 'ilike', like), eb('name_en', 'ilike', like)]))
      .execute();
    base = base.where((eb) =>
      codes.length ? eb.or(codes.map((c) => sql<boolean>`f.category_list @> ${JSON.stringify([{ code: c.code }])}::jsonb`)) : sql<boolean>`false`,
    );
  }
  if (q.purchaseJobNumber) base = base.where('f.purchase_job_number', '=', q.purchaseJobNumber);
  if (q.cmtLeader) base = base.where('f.cmt_leader_job_number', '=', q.cmtLeader);
  if (q.certScenario) base = base.where('f.cert_scenario', '=', q.certScenario);
  if (q.stage !== undefined) base = base.where('f.stage', '=', q.stage);
  return base;
}

/**
 * Exact up to this many matches (50 pages of 20); beyond it the planner's estimate
 * (docs/decisions.md "Flow list at a million flows"): counting every match of a broad filter at a
 * million flows would read them all, many times slower than the page it is shown with.
 */
export const EXACT_COUNT_UP_TO = 1000;

/**
 * How many rows `matches` selects: counted while at most EXACT_COUNT_UP_TO, else estimated (never below
 * that). The estimate is asked beside the count, not after it: a broad filter then costs one round trip
 * to the database instead of two, and planning the estimate is cheaper than the trip.
 */
async function countUpTo(db: Db, matches: SelectQueryBuilder<any, any, { one: number }>): Promise<number> {
  const compiled = matches.compile();
  const [bounded, plan] = await Promise.all([
    db
      .selectFrom(matches.limit(EXACT_COUNT_UP_TO + 1).as('m'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters])),
  ]);
  const n = Number(bounded.n);
  if (n <= EXACT_COUNT_UP_TO) return n;
  // node-postgres parses the JSON; a driver that does not hands it over as text.
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }> | undefined;
  const estimate = parsed?.[0]?.Plan['Plan Rows'] ?? 0;
  return Math.max(n, Math.round(estimate));
}

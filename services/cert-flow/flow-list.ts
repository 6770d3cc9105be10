import { CompiledQuery, sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { Page } from '#domain/fields.ts';
import type { FlowListQuery, FlowListRow } from '#domain/cert-flow/flow-list.ts';
import { flowRowActions } from '#domain/cert-flow/row-actions.ts';
import { approvalCardPath } from '#domain/rfi/routes.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { takesPart } from './participants.ts';
import { escapeLike, estimatedFlows, namePiece, supplierNameMatches, textContains } from './supplier-name-search.ts';
import { flowCategoryNamesSql } from './category-names.ts';

/**
 * The flow management list (req flow §2.1), newest first (filtered to late flows: most overdue first), with the labels
 * in the caller's language and, on each row, the actions this caller may take.
 *
 * The page is found on the flows table alone — its page numbers and filters, no joins — so each filter's
 * index serves it in page order, index-only where the index holds what the filter asks (page 200 reads
 * 4,000 index entries, not 4,000 rows with their labels); only the page's rows are then read and
 * labelled (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Flow list at a million flows").
 */
export async function listFlows(db: Db, q: FlowListQuery, staff: StaffPrincipal, locale: Locale): Promise<Page<FlowListRow>> {
  const nameCol = locale === 'en' ? 'name_en' : 'name_zh';
  const labelCol = locale === 'en' ? 'label_en' : 'label_zh';
  const offset = (q.currentPage - 1) * q.pageSize;
  const matching = await matchingFlows(db, q);
  // Planned, never run: the number of matches when there are too many to count, and the flow number's way.
  const estimate = planRows(db, matching.unbounded);
  // Awaited only when needed (a broad count, a flow number): a failure is then raised where it is awaited.
  estimate.catch(() => undefined);
  // Counted beside the page, from the start: it waits for nothing the page needs (a flow number's page waits
  // for the estimate first).
  const counting = countUpTo(db, matching.counted, estimate);
  counting.catch(() => undefined);
  // Late flows are listed most overdue first, read in that order off the overdue index (cert_flow_overdue).
  const lateFirst = Boolean(q.timeLimit);
  const page = lateFirst
    ? matching.lateFirst.limit(q.pageSize).offset(offset)
    : db
        .selectFrom((await matching.firstRows(offset + q.pageSize, estimate)).as('k'))
        .select(['k.flow_no', 'k.start_time'])
        .orderBy('k.start_time', 'desc')
        .orderBy('k.flow_no', 'desc')
        .limit(q.pageSize)
        .offset(offset);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(page.as('k'))
      .innerJoin('cert_flow as f', 'f.flow_no', 'k.flow_no')
      .leftJoin('cmt as c', 'c.code', 'f.cmt_code')
      .leftJoin('scenario as s', 's.code', 'f.cert_scenario')
      .leftJoin('staff as p', 'p.job_number', 'f.purchase_job_number')
      .leftJoin('staff as l', 'l.job_number', 'f.cmt_leader_job_number')
      .leftJoin('dict_entry as d', (j) => j.on('d.dict_type', '=', 'fri_cert_stage').on(sql`d.dict_key`, '=', sql`f.stage::text`))
      .leftJoin('requalification as q', 'q.flow_no', 'f.flow_no')
      .select([
        'q.trigger as requalification_trigger',
        'q.outcome as requalification_outcome',
        'f.current_due_at',
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
        flowCategoryNamesSql(locale).as('category_names'),
        latestApprovalTask(sql.ref('f.flow_no')).as('approval_task_no'),
        // With the rows, not in a query after them: one round trip fewer.
        takesPart(sql.ref('f.flow_no'), staff.jobNumber).as('participant'),
      ])
      .$call((rows) => (lateFirst ? rows.orderBy('f.current_due_at', 'asc').orderBy('k.flow_no', 'asc') : rows.orderBy('k.start_time', 'desc').orderBy('k.flow_no', 'desc')))
      .execute(),
    counting,
  ]);
  const now = new Date();
  return {
    total: count,
    records: rows.map((r) => ({
      flowNo: r.flow_no,
      supplierCode: r.supplier_code,
      supplierName: r.supplier_name,
      cmtName: r.cmt_name ?? '',
      categoryNames: r.category_names ?? r.category_list.map((c) => c.name).join(', '),
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
      bpmUrl: r.approval_task_no ? approvalCardPath({ flowNo: r.flow_no, taskNo: r.approval_task_no }) : null,
      currentNodeCode: r.current_node_code,
      overdue: r.current_due_at !== null && new Date(r.current_due_at) < now,
      requalification: r.requalification_trigger && r.requalification_outcome ? { trigger: r.requalification_trigger, outcome: r.requalification_outcome } : null,
      actions: flowRowActions(
        {
          stage: r.stage,
          currentNodeCode: r.current_node_code,
          passTime: r.pass_time,
          purchaseJobNumber: r.purchase_job_number,
          cmtLeaderJobNumber: r.cmt_leader_job_number,
          requalification: r.requalification_trigger !== null,
        },
        { jobNumber: staff.jobNumber, permissions: staff.permissions, participant: Boolean(r.participant) },
      ),
    })),
  };
}

/** How many flows the list's filters match, counted up to `limit` (an export's bound, read before any row is labelled). */
export async function countFlowsUpTo(db: Db, q: FlowListQuery, limit: number): Promise<number> {
  const matching = await matchingFlows(db, q);
  const counted = await db
    .selectFrom(matching.unbounded.limit(limit).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** The task of the flow's latest approval step opened, of any kind: the 审批流 column opens its record card. */
function latestApprovalTask(flowNo: Expression<string>) {
  return sql<string | null>`(select s.task_no from flow_approval a
    join flow_approval_step s on s.approval_no = a.approval_no and s.task_no is not null
    where a.flow_no = ${flowNo} order by a.created_at desc, s.step desc limit 1)`;
}

type Keys = SelectQueryBuilder<any, any, { flow_no: string; start_time: Date }>;
type Condition = Expression<SqlBool>;

/** The flows the list's filters admit, in the forms the page, the count and the estimate read them. */
interface Matching {
  /** The first `rows` matches in page order (newest first): flow number and start time. */
  firstRows(rows: number, estimate: Promise<number>): Promise<Keys>;
  /** The matches (up to a bound the caller adds), for the bounded count. */
  counted: SelectQueryBuilder<any, any, { one: number }>;
  /** The matches, for the planner's estimate of their number: planned, never run. */
  unbounded: SelectQueryBuilder<any, any, { one: number }>;
  /** The matches most overdue first (asked with the overdue filter, whose index reads them in that order). */
  lateFirst: Keys;
}

/**
 * A flow number term is answered by taking its trigram matches and sorting them when that reads fewer rows
 * than walking the page index testing numbers until the page is full: the walk reads about
 * rowsUpToPageEnd ÷ (matches ÷ flows) entries, the sort `matches` rows from the table, each at random (taken
 * as 8 entries' worth, as for the two-character search). Left to itself the planner walks at page 200 too: it
 * prices testing a number far too low, and page 200 of a term in 1 % of the flows tested 400,000 numbers.
 */
async function sortFlowNoMatches(db: Db, rowsUpToPageEnd: number, estimate: Promise<number>): Promise<boolean> {
  const [matches, flows] = await Promise.all([estimate, estimatedFlows(db)]);
  return matches > 0 && (rowsUpToPageEnd * flows) / matches > 8 * matches;
}

/**
 * The list's filters (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Flow list at a million flows"). Each equality filter has an index in
 * page order with its columns in front, from which the page is read. The conditions name columns as `f.…`,
 * which the flows table and the per-category table `cert_flow_category` share; the supplier name is the
 * flows table's only.
 */
async function matchingFlows(db: Db, q: FlowListQuery): Promise<Matching> {
  const flows = (conditions: Condition[]) => db.selectFrom('cert_flow as f').where((eb) => eb.and(conditions));
  const shared: Condition[] = [];
  // `like` for a term without cased letters (digits, as flow numbers are mostly searched), as for the supplier
  // name: the same matches and estimate, the planner walks the page index for the first pages as with `ilike`,
  // and testing or rechecking a number costs a fraction (page 200 rechecks every trigram match,
  // sortFlowNoMatches).
  if (q.flowNo) shared.push(textContains(sql.ref('f.flow_no'), q.flowNo));
  if (q.purchaseJobNumber) shared.push(sql<SqlBool>`f.purchase_job_number = ${q.purchaseJobNumber}`);
  if (q.cmtLeader) shared.push(sql<SqlBool>`f.cmt_leader_job_number = ${q.cmtLeader}`);
  if (q.certScenario) shared.push(sql<SqlBool>`f.cert_scenario = ${q.certScenario}`);
  if (q.stage !== undefined) shared.push(sql<SqlBool>`f.stage = ${q.stage}`);

  let cmtCodes: string[] | undefined;
  if (q.cmtName) {
    // The codes first (a small table), so the planner sees them and reads the CMT's index in page order.
    const like = `%${escapeLike(q.cmtName)}%`;
    const cmts = await db.selectFrom('cmt').select('code').where((eb) => eb.or([eb('name_zh', 'ilike', like), eb('name_en', 'ilike', like)])).execute();
    cmtCodes = cmts.map((c) => c.code);
  }
  let categoryCodes: string[] | undefined;
  if (q.categoryNames) {
    // Names are matched on the small category table; the flows are then read per code.
    const like = `%${escapeLike(q.categoryNames)}%`;
    const codes = await db
      .selectFrom('category')
      .select('code')
      .where('level', '=', 3)
      .where((eb) => eb.or([eb('name_zh', 'ilike', like), eb('name_en', 'ilike', like)]))
      .execute();
    categoryCodes = codes.map((c) => c.code);
  }
  if (cmtCodes?.length === 0 || categoryCodes?.length === 0) {
    const none = flows([sql<SqlBool>`false`]);
    const noKeys = none.select(['f.flow_no', 'f.start_time']);
    return { firstRows: async () => noKeys, counted: none.select(sql<number>`1`.as('one')), unbounded: none.select(sql<number>`1`.as('one')), lateFirst: noKeys };
  }
  const cmtCondition = cmtCodes && (cmtCodes.length === 1 ? sql<SqlBool>`f.cmt_code = ${cmtCodes[0]}` : sql<SqlBool>`f.cmt_code in (${sql.join(cmtCodes)})`);
  if (cmtCondition) shared.push(cmtCondition);
  const rowsUpToPageEnd = q.currentPage * q.pageSize;
  const name = q.supplierName ? await supplierNameMatches(db, q.supplierName, rowsUpToPageEnd) : undefined;
  // Lateness is the flow's own column (the open node's due time), asked of the flow like the supplier name.
  const overdue = (alias: string) => sql<SqlBool>`${sql.ref(`${alias}.current_due_at`)} < now()`;
  const all = [...shared, ...(name ? [name.condition] : []), ...(q.timeLimit ? [overdue('f')] : [])];
  const inPageOrder = <T extends SelectQueryBuilder<any, any, any>>(query: T) => query.orderBy('f.start_time', 'desc').orderBy('f.flow_no', 'desc') as T;
  const inLateOrder = (conditions: Condition[]): Keys => flows(conditions).select(['f.flow_no', 'f.start_time']).orderBy('f.current_due_at', 'asc').orderBy('f.flow_no', 'asc');

  if (categoryCodes) {
    // Each category code's flows read newest first off its own key, the streams merged in page order; a flow
    // in two of the codes is listed once. The per-category rows carry every filter but the supplier name,
    // which is asked of the flow.
    const codes = categoryCodes;
    const nameOfFlow = q.supplierName ? await supplierNameMatches(db, q.supplierName, rowsUpToPageEnd, 'n') : undefined;
    const leg = (code: string, rows: number) => {
      let query = db.selectFrom('cert_flow_category as f').select(['f.flow_no', 'f.start_time']).where('f.category_code', '=', code);
      if (shared.length) query = query.where((eb) => eb.and(shared));
      const ofFlow = [...(nameOfFlow ? [nameOfFlow.condition] : []), ...(q.timeLimit ? [overdue('n')] : [])];
      if (ofFlow.length) {
        query = query.where(({ exists, selectFrom }) =>
          exists(selectFrom('cert_flow as n').select(sql`1`.as('one')).whereRef('n.flow_no', '=', 'f.flow_no').where((eb) => eb.and(ofFlow))),
        );
      }
      return inPageOrder(query).limit(rows);
    };
    const firstRows = (rows: number) => mergeInPageOrder(db, codes.map((code) => leg(code, rows)), codes.length > 1);
    return {
      firstRows: async (rows) => firstRows(rows),
      counted: db.selectFrom(firstRows(EXACT_COUNT_UP_TO + 1).as('m')).select(sql<number>`1`.as('one')),
      unbounded: flows([...all, categoryListHasAny(codes)]).select(sql<number>`1`.as('one')),
      lateFirst: inLateOrder([...all, categoryListHasAny(codes)]),
    };
  }

  const unbounded = flows(all).select(sql<number>`1`.as('one'));
  const piece = q.supplierName && shared.length === 0 && !q.timeLimit ? namePiece(q.supplierName) : undefined;
  if (piece) {
    // Two Chinese characters and no other filter: the flows filed under the piece, read newest first off
    // its key (index-only), for the page and the bounded count alike. The estimate still plans the flows'
    // own condition, so a broad count shows the same figure as before.
    const filed = db.selectFrom('cert_flow_name_piece as f').where('f.piece', '=', piece);
    return {
      firstRows: async () => filed.select(['f.flow_no', 'f.start_time']),
      counted: filed.select(sql<number>`1`.as('one')),
      unbounded,
      lateFirst: inLateOrder(all),
    };
  }
  return {
    async firstRows(rows, estimate) {
      if (cmtCodes && cmtCodes.length > 1) {
        // `cmt_code in (…)` cannot be read in page order off one index: each CMT's own, merged.
        const others = all.filter((c) => c !== cmtCondition);
        const legs = cmtCodes.map((code) => inPageOrder(flows([...others, sql<SqlBool>`f.cmt_code = ${code}`]).select(['f.flow_no', 'f.start_time'])).limit(rows));
        return mergeInPageOrder(db, legs, false);
      }
      const matches = flows(all).select(['f.flow_no', 'f.start_time']);
      if (name?.fewMatches || (q.flowNo && (await sortFlowNoMatches(db, rows, estimate)))) {
        // Few matches: all of them first (a materialized CTE is planned on its own, so through their index),
        // then sorted, instead of a walk of the page index testing flows one by one.
        return db.with((cte) => cte('m').materialized(), () => matches).selectFrom('m').select(['m.flow_no', 'm.start_time']);
      }
      // Unordered here: the page query orders and limits it, which lets the planner weigh reading an index in
      // page order until the page is full (an order by in here makes it plan for every match).
      return matches;
    },
    counted: unbounded,
    unbounded,
    lateFirst: inLateOrder(all),
  };
}

/**
 * Ordered streams of keys (each newest first, each limited to the rows up to the page's end) merged in page
 * order: PostgreSQL reads them as a Merge Append, pulling from each only as far as the page needs; `distinct`
 * drops a flow met in two streams (it is met in both at the same place of the order).
 */
function mergeInPageOrder(db: Db, legs: Keys[], distinct: boolean): Keys {
  if (legs.length === 1) return legs[0]!;
  const union = sql<{ flow_no: string; start_time: Date }>`(${sql.join(legs.map((leg) => sql`${leg}`), sql` union all `)})`.as('u');
  const merged = distinct ? db.selectFrom(union).distinctOn(['u.start_time', 'u.flow_no']) : db.selectFrom(union);
  return merged.select(['u.flow_no', 'u.start_time']).orderBy('u.start_time', 'desc').orderBy('u.flow_no', 'desc');
}

/** The same flows as the per-category rows, from the flows' own list (only ever planned, for the estimate). */
function categoryListHasAny(codes: string[]): Condition {
  return sql<SqlBool>`(${sql.join(codes.map((code) => sql`f.category_list @> ${JSON.stringify([{ code }])}::jsonb`), sql` or `)})`;
}

/**
 * Exact up to this many matches (50 pages of 20); beyond it the planner's estimate
 * (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Flow list at a million flows"): counting every match of a broad filter at a
 * million flows would read them all, many times slower than the page it is shown with.
 */
export const EXACT_COUNT_UP_TO = 1000;

/**
 * How many rows `matches` selects: counted while at most EXACT_COUNT_UP_TO, else the planner's estimate
 * (never below that), asked beside the count and the page, not after them: a broad filter then costs one
 * round trip to the database instead of two, and planning the estimate is cheaper than the trip.
 */
async function countUpTo(db: Db, matches: SelectQueryBuilder<any, any, { one: number }>, estimate: Promise<number>): Promise<number> {
  const bounded = await db
    .selectFrom(matches.limit(EXACT_COUNT_UP_TO + 1).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(bounded.n);
  return n <= EXACT_COUNT_UP_TO ? n : Math.max(n, Math.round(await estimate));
}

/** The planner's estimate of the rows `query` selects (planned, not run). */
async function planRows(db: Db, query: SelectQueryBuilder<any, any, any>): Promise<number> {
  const compiled = query.compile();
  const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]));
  // node-postgres parses the JSON; a driver that does not hands it over as text.
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }> | undefined;
  return parsed?.[0]?.Plan['Plan Rows'] ?? 0;
}

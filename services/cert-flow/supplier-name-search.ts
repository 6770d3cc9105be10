import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '#db/connection.ts';

/**
 * The supplier name "contains" condition of the flow list (req flow §2.1), in the form that lets the
 * database find a page fastest (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Flow list at a million flows"). The matches are the
 * same in every form; only the way to them differs:
 * - three characters or more: `ilike`, served by the trigram index;
 * - two characters, a rare piece (a trade name, 华为): the flows whose name has that piece among its
 *   two-character pieces (migration 2026-11-28T0620), served by their GIN index — `ilike` would walk
 *   every flow, as a two-character term has no trigram;
 * - two characters, a common piece (a city, 宁波; 公司): `ilike` again, which the planner answers by
 *   walking the page index (it carries the name) in page order until the page is full — the GIN index
 *   would hand over a tenth of all flows to be sorted;
 * - one character: `ilike`, walking the page index.
 * Two Chinese characters with no other filter are read off their own key instead (namePiece, flow-list.ts);
 * the condition here still gives the planner's estimate of their number.
 */
export async function supplierNameMatches(db: Db, term: string, rowsUpToPageEnd: number, table = 'f'): Promise<NameCondition> {
  const contains = { condition: textContains(sql.ref(`${table}.supplier_name`), term), fewMatches: false };
  if ([...term].length !== 2) return contains;
  const piece = term.toLowerCase();
  const stats = await bigramStats(db);
  const share = stats.shares.get(piece);
  // Walking reads about rowsUpToPageEnd / share index entries; the GIN index hands over share × flows
  // rows, each read from the table at random (taken as 8 entries' worth).
  if (share !== undefined && rowsUpToPageEnd / share <= 8 * share * stats.flows) return contains;
  return { condition: sql<SqlBool>`${sql.ref(`${table}.supplier_name_bigrams`)} @> array[lower(${term})]::text[]`, fewMatches: true };
}

/**
 * The piece under which `cert_flow_name_piece` files the flows whose supplier name contains `term`, when it
 * does: a term of two Chinese characters (CJK Unified Ideographs, as the table's trigger takes them,
 * migration 2026-11-28T0800); other terms are not filed there.
 */
export function namePiece(term: string): string | undefined {
  return /^[\u4e00-\u9fff]{2}$/u.test(term) ? term : undefined;
}

export interface NameCondition {
  condition: Expression<SqlBool>;
  /**
   * The matches are few (a rare two-character piece): take them all and sort them. The planner, left to
   * itself, may walk the page index testing each flow's pieces from the table, which for a piece in no name
   * at all reads every flow (page 1 of such a term took 5 s at a million flows).
   */
  fewMatches: boolean;
}

/**
 * `column` contains `term`, letters in either case (`%` and `_` are plain characters). A term without
 * letters that have a case (Chinese characters, digits: most supplier name terms) is matched with `like`,
 * which finds the same values for such a term: `ilike` lower-cases every value it tests, five times the
 * cost of the test when an index is walked testing names one by one.
 */
export function textContains(column: Expression<unknown>, term: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(term)}%`;
  const caseless = term.toLowerCase() === term && term.toUpperCase() === term;
  return caseless ? sql<SqlBool>`${column} like ${pattern}` : sql<SqlBool>`${column} ilike ${pattern}`;
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

interface BigramStats {
  /** The share of flows whose name has the piece, for the pieces the planner's statistics name as common. */
  shares: Map<string, number>;
  flows: number;
  readAt: number;
}

/** The planner's statistics change with ANALYZE only; they decide the speed of a search, never its matches. */
const STATS_TTL_MS = 10 * 60_000;
const cached = new WeakMap<Db, BigramStats>();

/** The planner's count of flows (as of the last ANALYZE, read with the pieces' statistics). */
export async function estimatedFlows(db: Db): Promise<number> {
  return (await bigramStats(db)).flows;
}

async function bigramStats(db: Db): Promise<BigramStats> {
  const known = cached.get(db);
  if (known && Date.now() - known.readAt < STATS_TTL_MS) return known;
  const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null; flows: number }>`
    select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
           (select greatest(reltuples, 0)::float8 from pg_class where oid = 'cert_flow'::regclass) as flows
    from (select 1) one
    left join pg_stats s on s.schemaname = current_schema() and s.tablename = 'cert_flow' and s.attname = 'supplier_name_bigrams'`.execute(db);
  const row = rows[0];
  const shares = new Map<string, number>();
  (row?.elems ?? []).forEach((piece, i) => shares.set(piece, Number(row?.freqs?.[i] ?? 0)));
  const stats = { shares, flows: Number(row?.flows ?? 0), readAt: Date.now() };
  cached.set(db, stats);
  return stats;
}

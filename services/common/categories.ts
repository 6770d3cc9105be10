import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { CATEGORY_LEVEL, type CategoryOption, type CmtOption } from '#domain/reference-data.ts';
import { containsPattern } from './like.ts';

const SEARCH_LIMIT = 100;

function categoryQuery(db: Db) {
  return db
    .selectFrom('category as c')
    .leftJoin('cmt', 'cmt.code', 'c.cmt_code')
    .select([
      'c.code',
      'c.level',
      'c.parent_code',
      'c.name_zh',
      'c.name_en',
      'c.status',
      'c.life_cycle',
      'c.cmt_code',
      'cmt.name_zh as cmt_name_zh',
      'cmt.name_en as cmt_name_en',
    ]);
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoryQuery>['executeTakeFirstOrThrow']>>;

function toOption(r: CategoryRow, locale: Locale): CategoryOption {
  const en = locale === 'en';
  return {
    categoryCode: r.code,
    categoryName: en ? r.name_en : r.name_zh,
    level: r.level,
    parentCode: r.parent_code,
    categoryStatus: r.status,
    categoryLifeCycle: r.life_cycle,
    cmtCode: r.cmt_code,
    cmtName: (en ? r.cmt_name_en : r.cmt_name_zh) ?? null,
  };
}

export async function listLargeCategories(db: Db, locale: Locale): Promise<CategoryOption[]> {
  const rows = await categoryQuery(db).where('c.level', '=', CATEGORY_LEVEL.LARGE).orderBy('c.code').execute();
  return rows.map((r) => toOption(r, locale));
}

/** The children of one category (middle ones of a large, small ones of a middle); unknown code → []. */
export async function listSubCategories(db: Db, parentCode: string, locale: Locale): Promise<CategoryOption[]> {
  const rows = await categoryQuery(db).where('c.parent_code', '=', parentCode).orderBy('c.code').execute();
  return rows.map((r) => toOption(r, locale));
}

/** Small categories whose name (either language) or code contains the text; all of them without text. */
export async function searchSmallCategories(db: Db, search: string | undefined, locale: Locale): Promise<CategoryOption[]> {
  let query = categoryQuery(db).where('c.level', '=', CATEGORY_LEVEL.SMALL);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([eb('c.name_zh', 'ilike', pattern), eb('c.name_en', 'ilike', pattern), eb('c.code', 'ilike', pattern)]));
  }
  const rows = await query.orderBy('c.code').limit(SEARCH_LIMIT).execute();
  return rows.map((r) => toOption(r, locale));
}

export async function listCmts(db: Db, locale: Locale): Promise<CmtOption[]> {
  const rows = await db
    .selectFrom('cmt')
    .leftJoin('staff', 'staff.job_number', 'cmt.leader_job_number')
    .select(['cmt.code', 'cmt.name_zh', 'cmt.name_en', 'cmt.leader_job_number', 'staff.name as leader_name'])
    .orderBy('cmt.code')
    .execute();
  return rows.map((r) => ({
    cmtCode: r.code,
    cmtName: locale === 'en' ? r.name_en : r.name_zh,
    leaderJobNumber: r.leader_job_number,
    leaderName: r.leader_name ?? null,
  }));
}

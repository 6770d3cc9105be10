import type { Db } from '../connection.ts';
import { CATEGORY_TREE } from './reference/categories.ts';
import { CMTS } from './reference/staff.ts';
import { upsertRows } from './upsert.ts';

/** The category tree flattened to rows; only small (level 3) categories carry a CMT. */
function categoryRows() {
  return CATEGORY_TREE.flatMap((large) => [
    { code: large.code, level: 1, parent_code: null, name_zh: large.zh, name_en: large.en, cmt_code: null, status: 10, life_cycle: 0 },
    ...large.children.flatMap((middle) => [
      { code: middle.code, level: 2, parent_code: large.code, name_zh: middle.zh, name_en: middle.en, cmt_code: null, status: 10, life_cycle: 0 },
      ...middle.children.map((s) => ({
        code: s.code,
        level: 3,
        parent_code: middle.code,
        name_zh: s.zh,
        name_en: s.en,
        cmt_code: middle.cmt ?? large.cmt,
        status: s.status ?? 10,
        life_cycle: s.lifeCycle ?? 0,
      })),
    ]),
  ]);
}

/**
 * CMTs first (categories point at them). Only labels follow the seed data on later runs: a CMT's
 * leader, a category's CMT, status and life cycle are operational data once the platform runs.
 */
export async function seedCategories(db: Db): Promise<void> {
  const cmts = CMTS.map((c) => ({ code: c.code, name_zh: c.zh, name_en: c.en, leader_job_number: c.leaderJobNumber }));
  await upsertRows(db, 'cmt', cmts, { key: ['code'], update: ['name_zh', 'name_en'] });
  await upsertRows(db, 'category', categoryRows(), { key: ['code'], update: ['name_zh', 'name_en'] });
}

import type { Db } from '../connection.ts';
import { chinaDivisions } from './reference/china-divisions.ts';
import { countryAreas } from './reference/countries.ts';
import { upsertRows } from './upsert.ts';

/** Countries (ISO alpha-2), China's provinces and cities; names follow the data packages. */
export async function seedAreas(db: Db): Promise<void> {
  const rows = [...countryAreas(), ...chinaDivisions()].map((a) => ({
    code: a.code,
    level: a.level,
    parent_code: a.parentCode,
    name_zh: a.zh,
    name_en: a.en,
  }));
  await upsertRows(db, 'area', rows, { key: ['code'], update: ['level', 'parent_code', 'name_zh', 'name_en'] });
}

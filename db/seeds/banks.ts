import type { Db } from '../connection.ts';
import { BANK_BRANCHES, BANK_HEADS } from './reference/banks.ts';
import { upsertRows } from './upsert.ts';

/** Head banks before their branches; names and codes follow the seed data, nothing is removed. */
export async function seedBanks(db: Db): Promise<void> {
  await upsertRows(
    db,
    'bank_head',
    BANK_HEADS.map((h, i) => ({ code: h.code, name_zh: h.zh, name_en: h.en, country_code: h.country, sort: (i + 1) * 10 })),
    { key: ['code'], update: ['name_zh', 'name_en', 'country_code', 'sort'] },
  );
  await upsertRows(
    db,
    'bank_branch',
    BANK_BRANCHES.map((b) => ({
      code: b.code,
      head_code: b.head,
      name_zh: b.zh,
      name_en: b.en,
      swift_code: b.swift ?? null,
      country_code: b.country,
      province_name: b.province ?? null,
      city_name: b.city ?? null,
    })),
    { key: ['code'], update: ['head_code', 'name_zh', 'name_en', 'swift_code', 'country_code', 'province_name', 'city_name'] },
  );
}

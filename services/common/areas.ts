import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { AreaOption } from '#domain/reference-data.ts';
import { containsPattern } from './like.ts';

type Level = 'country' | 'province' | 'city';

const SEARCH_LIMIT = 100;

// China and its regions lead the country list; the rest follow in the caller's alphabetical order.
const LEADING_COUNTRIES = ['CN', 'HK', 'MO', 'TW'];

interface AreaRow {
  code: string;
  name_zh: string;
  name_en: string;
}

function toOption(row: AreaRow, locale: Locale): AreaOption {
  return { code: row.code, name: locale === 'en' ? row.name_en : row.name_zh };
}

function sortCountries(options: AreaOption[], locale: Locale): AreaOption[] {
  const collator = new Intl.Collator(locale === 'en' ? 'en' : 'zh-CN');
  const rank = (code: string) => {
    const i = LEADING_COUNTRIES.indexOf(code);
    return i < 0 ? LEADING_COUNTRIES.length : i;
  };
  return options.sort((a, b) => rank(a.code) - rank(b.code) || collator.compare(a.name, b.name));
}

function areaQuery(db: Db, level: Level) {
  return db.selectFrom('area').select(['code', 'name_zh', 'name_en']).where('level', '=', level);
}

export async function listCountries(db: Db, locale: Locale): Promise<AreaOption[]> {
  const rows = await areaQuery(db, 'country').execute();
  return sortCountries(
    rows.map((r) => toOption(r, locale)),
    locale,
  );
}

/** Provinces of a country, cities of a province: in division-code order. */
export async function listChildren(db: Db, level: 'province' | 'city', parentCode: string, locale: Locale): Promise<AreaOption[]> {
  const rows = await areaQuery(db, level).where('parent_code', '=', parentCode).orderBy('code').execute();
  return rows.map((r) => toOption(r, locale));
}

/** Name (either language) or code search within a level, optionally under a parent; `id` is an exact code. */
export async function searchAreas(
  db: Db,
  level: Level,
  q: { search?: string; id?: string; parentCode?: string },
  locale: Locale,
): Promise<AreaOption[]> {
  let query = areaQuery(db, level);
  if (q.parentCode) query = query.where('parent_code', '=', q.parentCode);
  if (q.id) query = query.where('code', '=', q.id);
  if (q.search) {
    const pattern = containsPattern(q.search);
    query = query.where((eb) =>
      eb.or([eb('name_zh', 'ilike', pattern), eb('name_en', 'ilike', pattern), eb('code', 'ilike', pattern)]),
    );
  }
  const rows = await query.orderBy('code').limit(SEARCH_LIMIT).execute();
  const options = rows.map((r) => toOption(r, locale));
  return level === 'country' ? sortCountries(options, locale) : options;
}

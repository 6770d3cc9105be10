import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { DictItem } from '#domain/reference-data.ts';

/** A dictionary's entries in display order, labels in the caller's language. Unknown type → []. */
export async function listDictionary(db: Db, dictType: string, locale: Locale): Promise<DictItem[]> {
  const rows = await db
    .selectFrom('dict_entry')
    .select(['dict_key', 'label_zh', 'label_en', 'sort', 'extra'])
    .where('dict_type', '=', dictType)
    .orderBy('sort')
    .orderBy('dict_key')
    .execute();
  return rows.map((r) => ({
    dictKey: r.dict_key,
    dictValue: locale === 'en' ? r.label_en : r.label_zh,
    sort: r.sort,
    extra: r.extra ? localizeExtra(r.extra, locale) : null,
  }));
}

/** Attribute values stored as `{ zh, en }` come back as the caller's text. */
function localizeExtra(extra: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  return Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, isLabel(v) ? v[locale] : v]));
}

function isLabel(v: unknown): v is Record<Locale, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 2 && keys.includes('zh') && keys.includes('en');
}

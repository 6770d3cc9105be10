import type { DbOrTrx } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { CATEGORY_CODES, codesIn, type CodeLabels } from '#domain/supplier-change/coded-fields.ts';

/**
 * The labels of every code the records hold (domain/supplier-change/coded-fields.ts), in the reader's
 * language, so a screen shows them without reading a dictionary itself (the comparison opened without login).
 */
export async function codeLabelsOf(db: DbOrTrx, records: readonly (Record<string, unknown> | null | undefined)[], locale: Locale): Promise<CodeLabels> {
  const wanted = codesIn(records);
  const labels: CodeLabels = {};
  const categories = [...(wanted.get(CATEGORY_CODES) ?? [])];
  wanted.delete(CATEGORY_CODES);
  const codes = [...new Set([...wanted.values()].flatMap((set) => [...set]))];
  const [entries, categoryRows] = await Promise.all([
    codes.length ? db.selectFrom('dict_entry').select(['dict_type', 'dict_key', 'label_zh', 'label_en']).where('dict_type', 'in', [...wanted.keys()]).where('dict_key', 'in', codes).execute() : [],
    categories.length ? db.selectFrom('category').select(['code', 'name_zh', 'name_en']).where('code', 'in', categories).execute() : [],
  ]);
  for (const e of entries) {
    if (!wanted.get(e.dict_type)?.has(e.dict_key)) continue;
    (labels[e.dict_type] ??= {})[e.dict_key] = locale === 'en' ? e.label_en : e.label_zh;
  }
  for (const c of categoryRows) (labels[CATEGORY_CODES] ??= {})[c.code] = locale === 'en' ? c.name_en : c.name_zh;
  return labels;
}

import { sql, type RawBuilder } from 'kysely';
import type { Locale } from '#domain/i18n.ts';

/**
 * A flow's categories (`f.category_list`) as one text in the reader's language, for a query over
 * `cert_flow as f`. The list keeps the Chinese names of the application; English reads the category
 * table's English names in the list's order (a category gone from the table keeps its stored name).
 * Null in Chinese: the stored names are the ones to show.
 */
export function flowCategoryNamesSql(locale: Locale): RawBuilder<string | null> {
  if (locale !== 'en') return sql<string | null>`null::text`;
  return sql<string | null>`(
    select string_agg(coalesce(cat.name_en, e.value->>'name'), ', ' order by e.ord)
    from jsonb_array_elements(f.category_list) with ordinality as e(value, ord)
    left join category cat on cat.code = e.value->>'code'
  )`;
}

import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { ScenarioOption } from '#domain/reference-data.ts';

/** Active certification scenarios, optionally of one apply type (1 register, 2 expand). */
export async function listScenarios(db: Db, applyType: number | undefined, locale: Locale): Promise<ScenarioOption[]> {
  let query = db.selectFrom('scenario').select(['code', 'name_zh', 'name_en', 'apply_type']).where('active', '=', true);
  if (applyType !== undefined) query = query.where('apply_type', '=', applyType);
  const rows = await query.orderBy('apply_type').orderBy('code').execute();
  return rows.map((r) => ({ code: r.code, name: locale === 'en' ? r.name_en : r.name_zh, applyType: r.apply_type }));
}

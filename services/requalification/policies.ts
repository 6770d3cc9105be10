import type { Db, DbOrTrx } from '#db/connection.ts';
import { badRequest } from '#domain/errors.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import {
  DEFAULT_FAILURE_HANDLING,
  type FailureHandling,
  type RequalificationPolicy,
} from '#domain/requalification/requalification.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { type HistoryRelation, writeHistory } from '#services/history/write-history.ts';

/** A category's policy changes are logged under the category. */
const policyLogOf = (categoryCode: string): HistoryRelation => ({ type: RELATION_TYPE.CONFIGURATION, code: categoryCode });

/** GET /api/v1/requalification/policies: every category's policy, by category code. */
export async function listPolicies(db: Db, locale: Locale) {
  const rows = await db
    .selectFrom('requalification_policy as p')
    .innerJoin('category as c', 'c.code', 'p.category_code')
    .select(['p.category_code', 'p.interval_months', 'p.on_failure', 'p.updated_by', 'p.updated_at', 'c.name_zh', 'c.name_en'])
    .orderBy('p.category_code')
    .execute();
  return rows.map((r) => ({
    categoryCode: r.category_code,
    categoryName: locale === 'en' ? r.name_en : r.name_zh,
    intervalMonths: r.interval_months,
    onFailure: r.on_failure,
    updatedBy: r.updated_by,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

/** POST /api/v1/requalification/policies/save: a small category's policy, new or changed; the change is logged. */
export async function savePolicy(db: Db, input: RequalificationPolicy, staff: StaffPrincipal): Promise<void> {
  const category = await db.selectFrom('category').select(['code', 'level', 'name_zh']).where('code', '=', input.categoryCode).executeTakeFirst();
  if (!category || category.level !== 3) throw badRequest('categoryNotSelectable', { categoryCode: 'categoryNotSelectable' });
  const values = { interval_months: input.intervalMonths, on_failure: input.onFailure, updated_by: staff.name, updated_at: new Date() };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('requalification_policy')
      .values({ category_code: input.categoryCode, ...values })
      .onConflict((oc) => oc.column('category_code').doUpdateSet(values))
      .execute();
    await writeHistory(trx, {
      relation: policyLogOf(input.categoryCode),
      actor: actorOf(staff),
      action: 'requalificationPolicySaved',
      description: `再认证策略 ${category.name_zh}：${input.intervalMonths ? `每${input.intervalMonths}个月` : '仅手动'}，不通过时${input.onFailure === 'exit' ? '品类退出' : '限制'}`,
      detail: input,
    });
  });
}

/** POST /api/v1/requalification/policies/delete: the category goes back to "by hand only, a failure exits". */
export async function deletePolicy(db: Db, categoryCode: string, staff: StaffPrincipal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('requalification_policy').where('category_code', '=', categoryCode).executeTakeFirst();
    if (!gone.numDeletedRows) return;
    await writeHistory(trx, { relation: policyLogOf(categoryCode), actor: actorOf(staff), action: 'requalificationPolicyDeleted', description: `删除再认证策略 ${categoryCode}`, detail: { categoryCode } });
  });
}

/**
 * What a failure of a requalification of these categories does: restrict only when every category's policy says so;
 * otherwise (one says exit, or has no policy) the exit — the stricter reading wins.
 */
export async function failureHandlingOf(db: DbOrTrx, categoryCodes: readonly string[]): Promise<FailureHandling> {
  const rows = await db.selectFrom('requalification_policy').select(['category_code', 'on_failure']).where('category_code', 'in', [...categoryCodes]).execute();
  const restricts = rows.filter((r) => r.on_failure === 'restrict').length === categoryCodes.length;
  return restricts ? 'restrict' : DEFAULT_FAILURE_HANDLING;
}

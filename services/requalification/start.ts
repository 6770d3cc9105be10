import { sql } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import { APPLY_TYPE, STAGE } from '#domain/cert-flow/enums.ts';
import { badRequest, conflict, notFound, ServiceError } from '#domain/errors.ts';
import type { Locale } from '#domain/i18n.ts';
import type { Actor } from '#domain/identity.ts';
import { withParams } from '#domain/messages.ts';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import { REQUALIFICATION_SCENARIO, REQUALIFICATION_TRIGGER_NAME, type RequalificationTrigger } from '#domain/requalification/requalification.ts';
import { SUPPLIER_ACTIVE } from '#domain/supplier-master.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { checkReferences, recordAndStartFlow, type ApplyForm } from '#services/cert-flow/apply.ts';
import { failureHandlingOf } from './policies.ts';

export interface RequalificationStart {
  supplierNo: string;
  categoryCodes: readonly string[];
  reason: string;
  trigger: RequalificationTrigger;
  /** What the trigger was about (the schedule's due day, the certificate left ended): one start per trigger. */
  triggerRef?: string;
  /** Who started it (a person, or the platform for the schedule and the certificate). */
  actor: Actor;
}

/**
 * Starts a requalification of an admitted supplier's categories (docs/decisions/0055-requalification.md): a flow of the
 * scenario REQUALIFICATION whose people and contact are those of the supplier's latest finished flow (its purchasing
 * manager holds the flow, its CMT leader leads it), its portal accounts see it (the self-inspection is answered there),
 * and its categories' policies fix what a failure does. Refused: an inactive supplier, a category it is not admitted
 * for, a category already under a running requalification.
 */
export async function startRequalification(deps: { db: Db; flows: FlowGateway }, start: RequalificationStart, locale: Locale): Promise<{ flowNo: string }> {
  const { db } = deps;
  const supplier = await db
    .selectFrom('supplier')
    .select(['supplier_no', 'supplier_code', 'name', 'certified_region', 'credit_code', 'status'])
    .where('supplier_no', '=', start.supplierNo)
    .executeTakeFirst();
  if (!supplier) throw notFound('unknownSupplier');
  if (supplier.status !== SUPPLIER_ACTIVE) throw conflict('requalificationSupplierInactive');
  await requireAdmittedCategories(db, start.supplierNo, start.categoryCodes, locale);
  const running = await runningRequalificationOf(db, start.supplierNo, start.categoryCodes);
  if (running) throw conflict(withParams('requalificationRunning', { flowNo: running }));
  const last = await latestFinishedFlow(db, start.supplierNo);
  if (!last) throw conflict('requalificationNoHistory');
  const onFailure = await failureHandlingOf(db, start.categoryCodes);

  const form: ApplyForm = {
    supplierName: supplier.name,
    categoryList: start.categoryCodes.map((code) => ({ code, name: code })),
    cmtCode: last.cmt_code,
    certScenario: REQUALIFICATION_SCENARIO,
    applyReason: start.reason,
    recommendJob: last.recommend_job,
    recommendName: last.recommend_name,
    contactName: last.contact_name,
    contactEmail: last.contact_email ?? undefined,
    contactAreaCode: last.contact_area_code,
    contactNumber: last.contact_number,
  };
  let refs;
  try {
    refs = await checkReferences(db, form, APPLY_TYPE.REQUALIFY);
  } catch (err) {
    // The form's references are the supplier's own; only the scenario can be missing (not applied, retired).
    if (err instanceof ServiceError && err.errors?.certScenario) throw conflict('requalificationScenarioMissing');
    throw err;
  }
  const categoryNames = start.categoryCodes.map((c) => refs.categoryNames.get(c) ?? c).join('、');
  return recordAndStartFlow(deps, {
    applyType: APPLY_TYPE.REQUALIFY,
    input: form,
    refs,
    supplier: { supplierNo: supplier.supplier_no, supplierCode: supplier.supplier_code, name: supplier.name, certifiedRegion: supplier.certified_region, creditCode: supplier.credit_code },
    applicant: { id: last.pm_job_number, jobNumber: last.pm_job_number, name: last.pm_name },
    locale: last.locale === 'en' ? 'en' : 'zh',
    history: {
      action: 'REQUALIFY_APPLY',
      description: `${REQUALIFICATION_TRIGGER_NAME[start.trigger].zh}再认证：${supplier.name}（${categoryNames}）；原因：${start.reason}`,
      actor: start.actor,
      detail: { trigger: start.trigger, categories: categoryNames, reason: start.reason },
    },
    also: {
      async record(trx, flowNo) {
        await trx
          .insertInto('requalification')
          .values({
            flow_no: flowNo,
            supplier_no: start.supplierNo,
            category_codes: JSON.stringify(start.categoryCodes),
            trigger: start.trigger,
            trigger_ref: start.triggerRef ?? null,
            on_failure: onFailure,
          })
          .execute();
        await shareWithPortalAccounts(trx, start.supplierNo, flowNo);
      },
      async takeBack(trx, flowNo) {
        await trx.deleteFrom('supplier_account_flow').where('flow_no', '=', flowNo).execute();
        await trx.deleteFrom('requalification').where('flow_no', '=', flowNo).execute();
      },
    },
  });
}

/** Every chosen category is one the supplier is admitted for and not eliminated from. */
async function requireAdmittedCategories(db: Db, supplierNo: string, codes: readonly string[], locale: Locale): Promise<void> {
  const rows = await db
    .selectFrom('supplier_category')
    .select('category_code')
    .where('supplier_no', '=', supplierNo)
    .where('category_code', 'in', [...codes])
    .where('life_cycle', '!=', CATEGORY_LIFE_CYCLE.ELIMINATED)
    .execute();
  const admitted = new Set(rows.map((r) => r.category_code));
  const missing = codes.filter((c) => !admitted.has(c));
  if (!missing.length) return;
  const names = await db.selectFrom('category').select(['code', 'name_zh', 'name_en']).where('code', 'in', missing).execute();
  const label = (c: string) => names.find((n) => n.code === c)?.[locale === 'en' ? 'name_en' : 'name_zh'] ?? c;
  const message = withParams('requalificationCategoryNotAdmitted', { names: missing.map(label).join(locale === 'en' ? ', ' : '、') });
  throw badRequest(message, { categoryCodes: message });
}

/** The running requalification of the supplier that covers one of these categories, if any. */
export async function runningRequalificationOf(db: DbOrTrx, supplierNo: string, codes: readonly string[]): Promise<string | undefined> {
  const row = await db
    .selectFrom('requalification')
    .select('flow_no')
    .where('supplier_no', '=', supplierNo)
    .where('outcome', '=', 'running')
    .where(sql<boolean>`category_codes ?| ${sql.val([...codes])}::text[]`)
    .orderBy('flow_no')
    .executeTakeFirst();
  return row?.flow_no;
}

/** The supplier's latest finished flow, with who holds its purchasing manager's role now. */
function latestFinishedFlow(db: Db, supplierNo: string) {
  return db
    .selectFrom('cert_flow as f')
    .innerJoin('cert_flow_role as r', (j) => j.onRef('r.flow_no', '=', 'f.flow_no').on('r.role', '=', 'PURCHASE_MANAGER'))
    .select([
      'f.cmt_code',
      'f.recommend_job',
      'f.recommend_name',
      'f.contact_name',
      'f.contact_email',
      'f.contact_area_code',
      'f.contact_number',
      'f.locale',
      'r.job_number as pm_job_number',
      'r.name as pm_name',
    ])
    .where('f.supplier_no', '=', supplierNo)
    .where('f.stage', '=', STAGE.FINISHED)
    .orderBy('f.pass_time', 'desc')
    .orderBy('f.flow_no', 'desc')
    .executeTakeFirst();
}

/** The supplier's portal accounts (those of its finished flows) see the new flow: its self-inspection is theirs to answer. */
async function shareWithPortalAccounts(trx: Db, supplierNo: string, flowNo: string): Promise<void> {
  await trx
    .insertInto('supplier_account_flow')
    .columns(['account_id', 'flow_no'])
    .expression((eb) =>
      eb
        .selectFrom('supplier_account_flow as af')
        .innerJoin('cert_flow as f', 'f.flow_no', 'af.flow_no')
        .select(['af.account_id', sql.val(flowNo).as('flow_no')])
        .where('f.supplier_no', '=', supplierNo)
        .where('f.stage', '=', STAGE.FINISHED)
        .distinct(),
    )
    .onConflict((oc) => oc.columns(['account_id', 'flow_no']).doNothing())
    .execute();
}

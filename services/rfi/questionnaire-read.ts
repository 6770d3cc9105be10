import type { Db } from '#db/connection.ts';
import type { FlowCategory, RfiSectionRead } from '#domain/rfi/questionnaire-contract.ts';
import { clampStep, type RfiStepKey, type RfiStepNo } from '#domain/rfi/steps.ts';
import { notFound } from '#domain/errors.ts';
import { canEdit, loadApplication, loadApplicationWithSection, type LoadedSection, type QuestionnaireMode } from './questionnaire.ts';
import { companyForReader } from './questionnaire-company.ts';

/**
 * GET …/get-<section>: the stored values (null when never saved), the version to save against, and whether this reader may change them.
 * `loaded`: the application and this section as the caller's session lookup already read them (a supplier's call).
 */
export async function readSection(db: Db, input: { applyNo: string; step: RfiStepKey; mode: QuestionnaireMode; loaded?: LoadedSection }): Promise<RfiSectionRead> {
  const { applyNo, step, mode } = input;
  const { app, stored } = input.loaded?.app.applyNo === applyNo ? input.loaded : await loadApplicationWithSection(db, applyNo, step);
  const data = step === 'company' ? companyForReader(app, stored, mode !== 'supplier') : stored;
  return { data: data ?? null, version: app.version, status: app.status, readOnly: !canEdit(app, mode, step) };
}

/** GET …/current/step by application number (the staff variant of the supplier's call). */
export async function currentStepByApplyNo(db: Db, applyNo: string): Promise<RfiStepNo> {
  return clampStep((await loadApplication(db, applyNo)).currentStep);
}

/** GET …/get-flow-category-info: the categories the application is for. */
export async function flowCategories(db: Db, applyNo: string): Promise<FlowCategory[]> {
  const row = await db
    .selectFrom('rfi_application as a')
    .innerJoin('cert_flow as f', 'f.flow_no', 'a.flow_no')
    .select('f.category_list')
    .where('a.apply_no', '=', applyNo)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.category_list.map((c) => ({ code: c.code, name: c.name }));
}

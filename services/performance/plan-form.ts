import type { DbOrTrx } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { translate, withParams } from '#domain/messages.ts';
import { periodRange, type PlanCreateRequest } from '#domain/performance/plan.ts';
import { checkVersionComplete } from '#domain/performance/weights.ts';
import { badRequest, type FieldErrors } from '#domain/errors.ts';
import { admittedAmong, admittedInCategories } from './admitted.ts';
import { loadCalcTree } from './perf-rows.ts';

/**
 * The plan form's checks against the database (the shape is checked by the domain schema): a complete
 * index version, admitted suppliers only, reviewers holding their role for every role the version's
 * manual indices need, an active owner, a deadline ahead. Answers what the draft stores.
 */
export interface CheckedPlan {
  periodStart: string;
  periodEnd: string;
  versionId: string;
  owner: { jobNumber: string; name: string };
  /** supplier → the plan categories it is admitted for (empty when chosen one by one). */
  suppliers: Map<string, string[]>;
  reviewers: { role: string; jobNumber: string; name: string }[];
}

export async function checkPlanForm(db: DbOrTrx, input: PlanCreateRequest, locale: Locale, now = new Date()): Promise<CheckedPlan> {
  const errors: FieldErrors = {};
  const range = periodRange(input.periodType, input.period)!;
  if (new Date(input.deadline).getTime() <= now.getTime()) errors.deadline = 'deadlineInPast';

  const version = await db.selectFrom('perf_index_version').select('id').where('id', '=', input.indexVersionId).executeTakeFirst();
  let neededRoles: string[] = [];
  if (!version) errors.indexVersionId = 'indexVersionNotFound';
  else {
    const tree = await loadCalcTree(db, version.id);
    const reasons = checkVersionComplete(tree);
    if (reasons.length) errors.indexVersionId = withParams('indexVersionIncomplete', { reason: reasons.map((r) => translate(r, locale)).join('; ') });
    neededRoles = [...new Set(tree.flatMap((t) => t.children).filter((i) => i.method === 'MANUAL' && i.reviewerRole).map((i) => i.reviewerRole!))];
  }

  const suppliers = await planSuppliers(db, input, errors);

  const jobNumbers = [...new Set([input.ownerJobNumber, ...input.reviewers.flatMap((r) => r.jobNumbers)])];
  const staff = await db.selectFrom('staff').select(['job_number', 'name', 'roles']).where('job_number', 'in', jobNumbers).where('active', '=', true).execute();
  const staffOf = new Map(staff.map((s) => [s.job_number, s]));
  const owner = staffOf.get(input.ownerJobNumber);
  if (!owner) errors.ownerJobNumber = 'unknownStaff';

  const roleNames = await roleNamesOf(db, locale);
  const reviewers: CheckedPlan['reviewers'] = [];
  input.reviewers.forEach((r, i) => {
    const missing = r.jobNumbers.filter((j) => !staffOf.get(j)?.roles.includes(r.role));
    if (missing.length) errors[`reviewers.${i}.jobNumbers`] = withParams('reviewerNotInRole', { names: missing.join(', '), role: roleNames.get(r.role) ?? r.role });
    else if (version && !neededRoles.includes(r.role)) errors[`reviewers.${i}.role`] = withParams('reviewerRoleUnused', { role: roleNames.get(r.role) ?? r.role });
    for (const j of r.jobNumbers) if (staffOf.has(j)) reviewers.push({ role: r.role, jobNumber: j, name: staffOf.get(j)!.name });
  });
  const lacking = neededRoles.filter((role) => !input.reviewers.some((r) => r.role === role));
  if (lacking.length && !Object.keys(errors).some((k) => k.startsWith('reviewers'))) {
    errors.reviewers = withParams('reviewerRoleMissing', { role: lacking.map((r) => roleNames.get(r) ?? r).join(', ') });
  }

  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);
  return {
    periodStart: range.start,
    periodEnd: range.end,
    versionId: version!.id,
    owner: { jobNumber: owner!.job_number, name: owner!.name },
    suppliers,
    reviewers,
  };
}

async function planSuppliers(db: DbOrTrx, input: PlanCreateRequest, errors: FieldErrors): Promise<Map<string, string[]>> {
  if (input.scopeMode === 'CATEGORY') {
    const known = await db.selectFrom('category').select('code').where('code', 'in', input.categoryCodes).execute();
    const unknown = input.categoryCodes.filter((c) => !known.some((k) => k.code === c));
    if (unknown.length) {
      errors.categoryCodes = withParams('unknownPlanCategory', { codes: unknown.join(', ') });
      return new Map();
    }
    const found = await admittedInCategories(db, input.categoryCodes);
    if (found.size === 0) errors.categoryCodes = 'categoryWithoutSuppliers';
    return found;
  }
  const admitted = await admittedAmong(db, input.supplierNos);
  const refused = input.supplierNos.filter((s) => !admitted.has(s));
  if (refused.length) errors.supplierNos = withParams('supplierNotAdmitted', { names: refused.join(', ') });
  return new Map(input.supplierNos.map((s) => [s, [] as string[]]));
}

async function roleNamesOf(db: DbOrTrx, locale: Locale): Promise<Map<string, string>> {
  const rows = await db.selectFrom('role').select(['code', 'name_zh', 'name_en']).execute();
  return new Map(rows.map((r) => [r.code, locale === 'en' ? r.name_en : r.name_zh]));
}

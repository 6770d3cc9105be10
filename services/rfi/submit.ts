import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { RFI_STATUS, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { submitCheck, type SubmitCheckResult } from '#domain/rfi/submit-check.ts';
import { EXPAND_LOCKED_STEPS, type RfiSubmitRefusal, type RfiSubmitResult } from '#domain/rfi/questionnaire-contract.ts';
import { fieldErrors } from '#domain/rfi/sections/index.ts';
import { RFI_STEPS, type RfiStepKey } from '#domain/rfi/steps.ts';
import { ServiceError, type FieldErrors } from '#domain/errors.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import type { StaffActor } from '#domain/identity.ts';
import {
  canWrite,
  EDITABLE_STATUSES,
  explainMissedWrite,
  loadApplication,
  refusedWrite,
  requireQuestionnaireWriter,
  schemaOf,
  supplierActor,
  type QuestionnaireMode,
} from './questionnaire.ts';
import { rfiLogOf, writeHistory } from '#services/history/write-history.ts';
import { queueRfiSubmitted, sendQueued } from './submit-signal.ts';

/** The 400 of a submit that a step's rules refuse: `data` names the step for the form to open. */
const submitRefused = (data: RfiSubmitRefusal, errors: FieldErrors) => new ServiceError('invalid', 'rfiIncomplete', errors, data);

type Sections = Partial<Record<RfiStepKey, unknown>>;

/**
 * Expand mode checks steps 3–10 only: steps 1–2 are the admitted supplier's master data, which
 * nobody can edit here (req rfi §2).
 */
function checkExpand(sections: Sections): SubmitCheckResult {
  for (const step of RFI_STEPS) {
    if (EXPAND_LOCKED_STEPS.includes(step.key)) continue;
    const result = schemaOf(step.key, 'full', true).safeParse(sections[step.key] ?? {});
    if (!result.success) return { ok: false, step: step.key, stepNo: step.no, errors: fieldErrors(result.error) };
  }
  return { ok: true };
}

/**
 * The stored steps as the full rules normalise them (req rfi §4, e.g. holdFactory false empties the
 * factory lists), for steps saved only as drafts. Step 1 stays as stored: its staff-only and
 * read-only fields are not the submitter's to reshape.
 */
function normalised(sections: Sections, staff: boolean, steps: RfiStepKey[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of steps) {
    if (key === 'company' || sections[key] === undefined) continue;
    out[key] = schemaOf(key, 'full', staff).parse(sections[key]);
  }
  return out;
}

/**
 * POST …/submit (req rfi §4): every step must pass its full rules, else 400 naming the first failing
 * step and its fields, and nothing changes. Then one transaction records the submission (status
 * SUBMITTED, submitted_at, the open REGISTER_RFI task finished, the change-log row) and signals the
 * workflow, which opens the two reviews. The signal is queued in that transaction and sent after
 * the commit (submit-signal.ts): an engine call inside it would hold the transaction — on PGlite the
 * whole database — for as long as the engine takes, and a queued signal is sent even when the engine
 * is down at the time (the delivery pass), so no questionnaire stays submitted without its workflow knowing.
 */
export async function submitQuestionnaire(
  deps: { db: Db; flows: FlowGateway },
  input: { applyNo: string; mode: Exclude<QuestionnaireMode, 'audit'>; staff?: StaffActor },
): Promise<RfiSubmitResult> {
  const { db, flows } = deps;
  const { applyNo, mode } = input;
  const app = await loadApplication(db, applyNo);
  await requireQuestionnaireWriter(db, app, mode, input.staff);
  if (!canWrite(app, mode)) refusedWrite(app, mode);

  const { sections } = await db.selectFrom('rfi_application').select('sections').where('apply_no', '=', applyNo).executeTakeFirstOrThrow();
  const staff = mode === 'expand';
  const check = staff ? checkExpand(sections) : submitCheck(sections, { staff: false });
  if (!check.ok) throw submitRefused({ step: check.stepNo, stepKey: check.step }, check.errors);
  const steps = RFI_STEPS.map((s) => s.key).filter((k) => !staff || !EXPAND_LOCKED_STEPS.includes(k));
  const normal = normalised(sections, staff, steps);

  const actor = input.staff ?? supplierActor(app);
  const now = new Date();
  const queued = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('rfi_application')
      .set({
        status: RFI_STATUS.SUBMITTED,
        submitted_at: now,
        return_reason: null,
        version: sql`version + 1`,
        sections: sql`sections || ${JSON.stringify(normal)}::jsonb`,
      })
      .where('apply_no', '=', applyNo)
      // Unchanged since the check: a save in between makes this a stale submit.
      .where('version', '=', app.version)
      .where('status', 'in', EDITABLE_STATUSES)
      .returning('version')
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('cert_task')
      .set({ status: TASK_STATUS.FINISHED, updated_at: now })
      .where('flow_no', '=', app.flowNo)
      .where('task_type', '=', 'REGISTER_RFI')
      .where('status', '!=', TASK_STATUS.FINISHED)
      .execute();
    await writeHistory(trx, { relation: rfiLogOf(app.flowNo), actor, action: 'RFI_SUBMIT', description: '提交RFI问卷', detail: { version: row.version } });
    return queueRfiSubmitted(trx, { flowNo: app.flowNo, applyNo, version: row.version });
  });
  if (!queued) return explainMissedWrite(db, applyNo, mode);
  // After the commit: the engine call holds no transaction open. Should it fail, the delivery pass sends it.
  await sendQueued({ db, flows }, queued);
  return { submitted: true, contact: await purchasingContact(db, app.flowNo) };
}

/** The flow's purchasing manager, whom the supplier's thanks page names as its contact. */
async function purchasingContact(db: Db, flowNo: string): Promise<RfiSubmitResult['contact']> {
  const pm = await db
    .selectFrom('cert_flow_role as r')
    .leftJoin('staff as s', 's.job_number', 'r.job_number')
    .select(['r.name', 's.email'])
    .where('r.flow_no', '=', flowNo)
    .where('r.role', '=', 'PURCHASE_MANAGER')
    .executeTakeFirst();
  return pm ? { name: pm.name, email: pm.email ?? null } : null;
}

import { sql } from 'kysely';
import { lockAdmittedFactories } from '#domain/rfi/admitted-factories.ts';
import { withParams } from '#domain/messages.ts';
import type { Db } from '#db/connection.ts';
import { preparedStatement } from '#db/prepared-statement.ts';
import { fieldErrors } from '#domain/rfi/sections/index.ts';
import { EXPAND_LOCKED_STEPS, type RfiSaveResult } from '#domain/rfi/questionnaire-contract.ts';
import { clampStep, RFI_STEP_COUNT, RFI_STEPS, type RfiStepKey } from '#domain/rfi/steps.ts';
import { badRequest, conflict } from '#domain/errors.ts';
import { requireKnownCertificateKinds } from '#services/certificates/master-certificates.ts';
import { ENDED_STAGES } from '#domain/cert-flow/rules.ts';
import type { StaffActor } from '#domain/identity.ts';
import {
  canEdit,
  EDITABLE_STATUSES,
  explainMissedWrite,
  loadApplicationWithSection,
  refusedWrite,
  type LoadedSection,
  requireQuestionnaireWriter,
  schemaOf,
  supplierActor,
  type QuestionnaireMode,
} from './questionnaire.ts';
import { keepStaffFields, prepareCompanySave } from './questionnaire-company.ts';
import { bindSectionFiles } from './questionnaire-files.ts';
import { rfiLogOf } from '#services/history/write-history.ts';

export interface SaveSectionInput {
  applyNo: string;
  step: RfiStepKey;
  mode: Exclude<QuestionnaireMode, 'audit'>;
  data: Record<string, unknown>;
  /** The version the data was read at (optimistic concurrency). */
  version: number;
  /** true: Next (full rules, advances the step); false: a draft (req rfi §4). */
  save: boolean;
  /** The staff member saving in expand mode; a supplier's saves are logged under its company. */
  staff?: StaffActor;
  /**
   * The application and this step's section as the caller's session lookup already read them (a supplier's
   * save: one round trip fewer). The write below is conditioned on the version read with them either way.
   */
  loaded?: LoadedSection;
}

/**
 * POST …/save-<section>. Checks in this order, each refusal leaving everything as it was:
 * 409 read-only (submitted, passed, ended flow), 409 stale version, 400 invalid fields. Then one
 * statement stores the section — the version check sits in the UPDATE's WHERE, so two saves from
 * the same version cannot both win — and writes its change-log row.
 */
/** Step 6: admitted factories keep their identity and cannot be removed (domain/rfi/admitted-factories.ts). */
function keepAdmittedFactories(stored: unknown, sent: unknown) {
  const locked = lockAdmittedFactories(stored, (sent ?? {}) as Record<string, unknown>);
  if ('removed' in locked) throw badRequest('invalidInput', { factoryList: withParams('admittedFactoryLocked', { codes: locked.removed.join(', ') }) });
  return locked.values;
}

/** The values of the save's statement. */
interface SaveValues {
  step: RfiStepKey;
  /** The section as JSON. */
  section: string;
  nextStep: number;
  applyNo: string;
  version: number;
  logType: number;
  logCode: string;
  actorId: string;
  actorName: string;
  action: string;
  description: string;
  stepNo: number;
  /** The row's dedupe key (write-history's shape): a save from one version can succeed once. */
  dedupeKey: string;
}

/**
 * One statement: the section stored and its change-log row written together (a statement commits
 * whole), the version check in the UPDATE's WHERE — no transaction held open across round trips.
 * Compiled once and prepared, one text per kind of save (Next also advances the step); every value is
 * a parameter.
 */
function saveStatement(advance: boolean) {
  return preparedStatement((db, v: SaveValues) =>
    db
      .with('saved', (qb) =>
        qb
          .updateTable('rfi_application')
          .set({
            sections: sql`sections || jsonb_build_object(${v.step}::text, ${v.section}::jsonb)`,
            version: sql`version + 1`,
            ...(advance ? { current_step: v.nextStep } : {}),
          })
          .where('apply_no', '=', v.applyNo)
          .where('version', '=', v.version)
          .where('status', 'in', EDITABLE_STATUSES)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('cert_flow')
                .select('cert_flow.flow_no')
                .whereRef('cert_flow.flow_no', '=', 'rfi_application.flow_no')
                .where('cert_flow.stage', 'not in', ENDED_STAGES),
            ),
          )
          .returning(['version', 'current_step']),
      )
      .with('logged', (qb) =>
        qb
          .insertInto('operation_history')
          .columns(['relation_type', 'relation_code', 'dedupe_key', 'operator_id', 'operator_name', 'action', 'description', 'detail'])
          .expression((eb) =>
            eb
              .selectFrom('saved')
              .select([
                sql<number>`${v.logType}::int`.as('relation_type'),
                sql<string>`${v.logCode}::text`.as('relation_code'),
                sql<string>`${v.dedupeKey}::text`.as('dedupe_key'),
                sql<string>`${v.actorId}::text`.as('operator_id'),
                sql<string>`${v.actorName}::text`.as('operator_name'),
                sql<string>`${v.action}::text`.as('action'),
                sql<string>`${v.description}::text`.as('description'),
                sql<string>`jsonb_build_object('step', ${v.step}::text, 'stepNo', ${v.stepNo}::int, 'version', saved.version)`.as('detail'),
              ]),
          )
          .onConflict((oc) => oc.column('dedupe_key').doNothing()),
      )
      .selectFrom('saved')
      .select(['version', 'current_step']),
  );
}
const saveAndAdvance = saveStatement(true);
const saveDraft = saveStatement(false);

export async function saveSection(db: Db, input: SaveSectionInput): Promise<RfiSaveResult> {
  const { applyNo, step, mode, version, save } = input;
  const staff = mode === 'expand';
  // The section is read with the version it belongs to; the write below is conditioned on that version.
  const { app, stored } = input.loaded?.app.applyNo === applyNo ? input.loaded : await loadApplicationWithSection(db, applyNo, step);
  await requireQuestionnaireWriter(db, app, mode, input.staff);

  // Req rfi §7: in expand mode the saves of steps 1 and 2 do nothing, and say so with an ok.
  if (mode === 'expand' && EXPAND_LOCKED_STEPS.includes(step)) {
    return { version: app.version, currentStep: clampStep(app.currentStep) };
  }
  if (!canEdit(app, mode, step)) refusedWrite(app, mode);
  if (version !== app.version) throw conflict('staleVersion');

  const sent = step === 'company' ? prepareCompanySave(app, stored, input.data, staff) : step === 'factories' ? keepAdmittedFactories(stored, input.data) : input.data;
  const parsed = schemaOf(step, save ? 'full' : 'draft', staff).safeParse(sent);
  // Message ids by dot path; the error middleware renders them in the caller's language.
  if (!parsed.success) throw badRequest('invalidInput', fieldErrors(parsed.error));
  if (step === 'certificates') await requireKnownCertificateKinds(db, (parsed.data as { certificateList: { certificateType?: string }[] }).certificateList);
  const kept = step === 'company' ? keepStaffFields(stored, parsed.data as Record<string, unknown>, staff) : parsed.data;
  const value = await bindSectionFiles(db, app, mode, kept, stored);

  const stepNo = RFI_STEPS.find((s) => s.key === step)!.no;
  const nextStep = Math.min(stepNo + 1, RFI_STEP_COUNT);
  const actor = input.staff ?? supplierActor(app);
  const description = save ? `保存第${stepNo}步（下一步）` : `暂存第${stepNo}步`;
  const log = rfiLogOf(app.flowNo);
  const values = {
    step,
    section: JSON.stringify(value),
    nextStep,
    applyNo,
    version,
    logType: log.type,
    logCode: log.code,
    actorId: actor.id,
    actorName: actor.name,
    action: save ? 'RFI_SAVE_NEXT' : 'RFI_SAVE_DRAFT',
    description,
    stepNo,
    dedupeKey: `rfi-save:${applyNo}:${version}`,
  };
  const [saved] = (await (save ? saveAndAdvance : saveDraft)(db, values)).rows;
  if (!saved) return explainMissedWrite(db, applyNo, mode);
  return { version: saved.version, currentStep: clampStep(saved.current_step) };
}

import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { preparedStatement } from '#db/prepared-statement.ts';
import { APPLY_TYPE, RFI_STATUS } from '#domain/cert-flow/enums.ts';
import { hasEnded } from '#domain/cert-flow/rules.ts';
import { EXPAND_LOCKED_STEPS } from '#domain/rfi/questionnaire-contract.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { compiledSectionSchema, type SectionSchema, type Variant } from '#domain/rfi/sections/index.ts';
import { conflict, forbidden, notFound } from '#domain/errors.ts';
import type { Actor, StaffActor } from '#domain/identity.ts';
import { questionnairePrincipal } from '#services/cert-flow/task-rows.ts';

/**
 * The questionnaire of one application: its sections live in rfi_application.sections (jsonb, by
 * step key) under one optimistic `version`; `status` decides who may still change them.
 *
 * Who is looking decides what they may do:
 * - supplier: the register mode; edits while filling or returned.
 * - audit: staff reading (audit, detail, flow pages); never edits.
 * - expand: staff filling an expansion's steps 3–10 (steps 1–2 are the admitted supplier's).
 */
export type QuestionnaireMode = 'supplier' | 'audit' | 'expand';

/** Statuses in which the questionnaire can still change (req rfi §4: returned means "fill again"). */
export const EDITABLE_STATUSES: readonly number[] = [RFI_STATUS.FILLING, RFI_STATUS.RETURNED];

export interface ApplicationState {
  applyNo: string;
  flowNo: string;
  status: number;
  version: number;
  currentStep: number;
  stage: number;
  applyType: number;
  /** The flow's credit code: the supplier cannot change it (req rfi §3). */
  flowCreditCode: string | null;
  /** The certification region the flow was applied for with (a registration's, or the admitted supplier's). */
  flowCertifiedRegion: number | null;
  supplierName: string;
}

const APPLICATION_COLUMNS = ['a.apply_no', 'a.flow_no', 'a.status', 'a.version', 'a.current_step', 'f.stage', 'f.apply_type', 'f.credit_code', 'f.certified_region', 'f.supplier_name'] as const;

function applicationOf(db: Db, applyNo: string) {
  return db.selectFrom('rfi_application as a').innerJoin('cert_flow as f', 'f.flow_no', 'a.flow_no').select(APPLICATION_COLUMNS).where('a.apply_no', '=', applyNo);
}

/** The application's columns as `applicationOf` selects them (also read with a supplier's session, api/auth/supplier-auth.ts). */
export interface ApplicationRow {
  apply_no: string;
  flow_no: string;
  status: number;
  version: number;
  current_step: number;
  stage: number;
  apply_type: number;
  credit_code: string | null;
  certified_region: number | null;
  supplier_name: string;
}

export function stateOf(row: ApplicationRow): ApplicationState {
  return {
    applyNo: row.apply_no,
    flowNo: row.flow_no,
    status: row.status,
    version: row.version,
    currentStep: row.current_step,
    stage: row.stage,
    applyType: row.apply_type,
    flowCreditCode: row.credit_code,
    flowCertifiedRegion: row.certified_region,
    supplierName: row.supplier_name,
  };
}

/** The application and its flow's state (stage, type, supplier). */
export async function loadApplication(db: Db, applyNo: string): Promise<ApplicationState> {
  const row = await applicationOf(db, applyNo).executeTakeFirst();
  if (!row) throw notFound();
  return stateOf(row);
}

/** The application and one stored section, read together: the section is as of the application's version. */
export interface LoadedSection {
  app: ApplicationState;
  stored: Record<string, unknown> | undefined;
}

/** Compiled once and prepared: every staff read and save of a step runs it. */
const applicationWithSection = preparedStatement((db, v: { applyNo: string; step: RfiStepKey }) =>
  db
    .selectFrom('rfi_application as a')
    .innerJoin('cert_flow as f', 'f.flow_no', 'a.flow_no')
    .select(APPLICATION_COLUMNS)
    .select(sql<Record<string, unknown> | null>`a.sections -> ${v.step}`.as('section'))
    .where('a.apply_no', '=', v.applyNo),
);

/**
 * The application and one stored section in one round trip (a read or a save needs both). The
 * section is as of the version read with it: a save conditioned on that version writes over exactly it.
 */
export async function loadApplicationWithSection(db: Db, applyNo: string, step: RfiStepKey): Promise<LoadedSection> {
  const [row] = (await applicationWithSection(db, { applyNo, step })).rows;
  if (!row) throw notFound();
  return { app: stateOf(row), stored: row.section ?? undefined };
}

/** One stored section (`sections -> key`), without reading the others. */
export async function loadSection(db: Db, applyNo: string, step: RfiStepKey): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('rfi_application')
    .select(sql<Record<string, unknown> | null>`sections -> ${step}`.as('section'))
    .where('apply_no', '=', applyNo)
    .executeTakeFirst();
  return row?.section ?? undefined;
}

/** A flow that ended (terminated, failed or finished) freezes its questionnaire too. */
function isEditable(app: Pick<ApplicationState, 'status' | 'stage'>): boolean {
  return EDITABLE_STATUSES.includes(app.status) && !hasEnded(app);
}

/** Whether `mode` may change this application now (any step it is allowed to touch). */
export function canWrite(app: ApplicationState, mode: QuestionnaireMode): boolean {
  if (mode === 'audit' || !isEditable(app)) return false;
  return mode !== 'expand' || app.applyType === APPLY_TYPE.EXPAND;
}

/** Whether `mode` may change `step` of this application now. */
export function canEdit(app: ApplicationState, mode: QuestionnaireMode, step: RfiStepKey): boolean {
  return canWrite(app, mode) && !(mode === 'expand' && EXPAND_LOCKED_STEPS.includes(step));
}

/** The 409 of a write that the application's state refuses; an ended flow says so, whatever the questionnaire's status. */
export function refusedWrite(app: ApplicationState, mode: QuestionnaireMode): never {
  if (hasEnded(app)) throw conflict('flowEnded');
  if (mode === 'expand' && app.applyType !== APPLY_TYPE.EXPAND) throw conflict('notExpandFlow');
  throw conflict('rfiReadOnly');
}

/**
 * After a conditional UPDATE matched no row: tells a stale version from a questionnaire that became
 * read-only meanwhile (both 409, nothing written).
 */
export async function explainMissedWrite(db: Db, applyNo: string, mode: QuestionnaireMode): Promise<never> {
  const now = await loadApplication(db, applyNo);
  if (!isEditable(now)) refusedWrite(now, mode);
  throw conflict('staleVersion');
}

/**
 * Expand mode writes only by the questionnaire's task principal (req flow §6): another holder of the
 * expand key gets 403 'notTaskPrincipal' before anything is read for writing or written.
 */
export async function requireQuestionnaireWriter(db: Db, app: ApplicationState, mode: QuestionnaireMode, staff: StaffActor | undefined): Promise<void> {
  if (mode !== 'expand') return;
  if (!staff || staff.jobNumber !== (await questionnairePrincipal(db, app.flowNo))) throw forbidden('notTaskPrincipal');
}

/** Who changed the questionnaire, for its change log: the supplier (its company) or a staff member. */
export function supplierActor(app: Pick<ApplicationState, 'applyNo' | 'supplierName'>): Actor {
  return { id: `supplier:${app.applyNo}`, name: app.supplierName };
}

const schemas = new Map<string, SectionSchema<RfiStepKey>>();

/**
 * A step's schema, built once per (step, variant, editor): building one costs about twice a parse
 * of the largest step. Safe to share: "today" is read at parse time, not at build time.
 */
export function schemaOf<K extends RfiStepKey>(step: K, variant: Variant, staff: boolean): SectionSchema<K> {
  const key = `${step}:${variant}:${staff}`;
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = compiledSectionSchema(step, { variant, staff }) as unknown as SectionSchema<RfiStepKey>));
  return schema as unknown as SectionSchema<K>;
}

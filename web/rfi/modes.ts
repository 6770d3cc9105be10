import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { EXPAND_LOCKED_STEPS } from '#domain/rfi/expand-locked-steps.ts';

/**
 * The modes of the questionnaire (spec 1 §2): who edits, which calls serve it, what is locked.
 * - register: the supplier's own form (/v1/rfi/*?temp=, Bearer session);
 * - expand: staff expanding an accepted supplier's categories (/v1/cert-rfi/*?applyNo=), steps 1–2 locked;
 * - audit, view: staff reading a questionnaire (GET /v1/register/*?applyNo=), any step clickable.
 */
export type QuestionnaireMode = 'register' | 'expand' | 'audit' | 'view';

export interface ModeSpec {
  /** Base path of the section calls. */
  base: '/v1/rfi' | '/v1/cert-rfi' | '/v1/register';
  /** Query parameter naming the questionnaire. */
  idParam: 'temp' | 'applyNo';
  /** Calls go out with the supplier's Bearer token. */
  supplier: boolean;
  /** Staff rules apply (supplierShortName required, longer legalName) and staff-only fields show. */
  staff: boolean;
  /** Saves, Save/Submit buttons, validation on Next. */
  editable: boolean;
  /** Resumes at the current-step call's step (register, expand) rather than step 1. */
  resumes: boolean;
  /** Steps can be opened from the side list (audit and view). */
  freeNavigation: boolean;
  /** Where files go (spec 1 §7: /v1/rfi/upload, /v1/cert-rfi/upload, /common/v1/file). */
  uploadPath: string;
  /** Steps shown read-only although the mode edits (spec 1 §2: expand locks steps 1 and 2). */
  lockedSteps: readonly RfiStepKey[];
}

const MODES: Record<QuestionnaireMode, ModeSpec> = {
  register: { base: '/v1/rfi', idParam: 'temp', supplier: true, staff: false, editable: true, resumes: true, freeNavigation: false, uploadPath: '/v1/rfi/upload', lockedSteps: [] },
  expand: { base: '/v1/cert-rfi', idParam: 'applyNo', supplier: false, staff: true, editable: true, resumes: true, freeNavigation: false, uploadPath: '/v1/cert-rfi/upload', lockedSteps: EXPAND_LOCKED_STEPS },
  audit: { base: '/v1/register', idParam: 'applyNo', supplier: false, staff: true, editable: false, resumes: false, freeNavigation: true, uploadPath: '/common/v1/file', lockedSteps: [] },
  view: { base: '/v1/register', idParam: 'applyNo', supplier: false, staff: true, editable: false, resumes: false, freeNavigation: true, uploadPath: '/common/v1/file', lockedSteps: [] },
};

export const modeSpec = (mode: QuestionnaireMode): ModeSpec => MODES[mode];

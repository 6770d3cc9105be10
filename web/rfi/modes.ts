import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { EXPAND_LOCKED_STEPS } from '#domain/rfi/expand-locked-steps.ts';
import { FILES } from '#domain/contracts/files.ts';
import { RFI_AUDIT, RFI_EXPAND, RFI_SUPPLIER, type QuestionnaireCalls } from '#domain/contracts/questionnaire.ts';

/**
 * The modes of the questionnaire (req rfi §2): who edits, which calls serve it, what is locked.
 * - register: the supplier's own form (RFI_SUPPLIER, named by the link's temp, Bearer session);
 * - expand: staff expanding an accepted supplier's categories (RFI_EXPAND, by applyNo), steps 1–2 locked;
 * - audit, view: staff reading a questionnaire (RFI_AUDIT, by applyNo), any step clickable.
 */
export type QuestionnaireMode = 'register' | 'expand' | 'audit' | 'view';

export interface ModeSpec {
  /** The mode's calls (domain/contracts/questionnaire.ts). */
  calls: QuestionnaireCalls;
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
  /** Where files go (req rfi §7: the supplier's, the expand mode's, the shared uploader). */
  uploadPath: string;
  /** Steps shown read-only although the mode edits (req rfi §2: expand locks steps 1 and 2). */
  lockedSteps: readonly RfiStepKey[];
}

const MODES: Record<QuestionnaireMode, ModeSpec> = {
  register: { calls: RFI_SUPPLIER, idParam: 'temp', supplier: true, staff: false, editable: true, resumes: true, freeNavigation: false, uploadPath: FILES.rfiUpload.path, lockedSteps: [] },
  expand: { calls: RFI_EXPAND, idParam: 'applyNo', supplier: false, staff: true, editable: true, resumes: true, freeNavigation: false, uploadPath: FILES.expandUpload.path, lockedSteps: EXPAND_LOCKED_STEPS },
  audit: { calls: RFI_AUDIT, idParam: 'applyNo', supplier: false, staff: true, editable: false, resumes: false, freeNavigation: true, uploadPath: FILES.upload.path, lockedSteps: [] },
  view: { calls: RFI_AUDIT, idParam: 'applyNo', supplier: false, staff: true, editable: false, resumes: false, freeNavigation: true, uploadPath: FILES.upload.path, lockedSteps: [] },
};

export const modeSpec = (mode: QuestionnaireMode): ModeSpec => MODES[mode];

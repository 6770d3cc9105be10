/**
 * The 10 steps of the RFI questionnaire (req rfi §2 "Questionnaire form", req rfi §9). Labels are shown by the
 * web in the user's language; the order and keys are the contract between the form, the
 * current-step call and the per-step save endpoints.
 */
export const RFI_STEPS = [
  { no: 1, key: 'company', group: 'basic' },
  { no: 2, key: 'contacts', group: 'basic' },
  { no: 3, key: 'finance', group: 'business' },
  { no: 4, key: 'sales', group: 'business' },
  { no: 5, key: 'certificates', group: 'quality' },
  { no: 6, key: 'factories', group: 'quality' },
  { no: 7, key: 'qualityTargets', group: 'quality' },
  { no: 8, key: 'otherCapability', group: 'quality' },
  { no: 9, key: 'development', group: 'rnd' },
  { no: 10, key: 'securityDelivery', group: 'rnd' },
] as const;

export type RfiStep = (typeof RFI_STEPS)[number];
export type RfiStepKey = RfiStep['key'];
export type RfiStepNo = RfiStep['no'];

export const RFI_STEP_COUNT = RFI_STEPS.length;

/** A stored step number clamped into 1..10, so a bad value never breaks the form's resume. */
export function clampStep(step: number): RfiStepNo {
  if (!Number.isInteger(step) || step < 1) return 1;
  return Math.min(step, RFI_STEP_COUNT) as RfiStepNo;
}

export function stepByNo(no: number): RfiStep {
  return RFI_STEPS[clampStep(no) - 1];
}

// Apart from the steps: the questionnaire's modes (in the app's entry, web/rfi/modes.ts) read only these.
export { EXPAND_LOCKED_STEPS } from './expand-locked-steps.ts';

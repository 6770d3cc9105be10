import { fieldErrors, type SectionContext, sectionSchema } from './sections/index.ts';
import { RFI_STEPS, type RfiStepKey, type RfiStepNo } from './steps.ts';

export type SubmitCheckResult =
  | { ok: true }
  | {
      ok: false;
      step: RfiStepKey;
      stepNo: RfiStepNo;
      /** Messages (ids of domain/messages.ts) by dot path, e.g. `factoryList.0.baseName`. */
      errors: Record<string, string>;
    };

/**
 * Submit (req rfi §4): every step must pass its full rules; the first failing step in questionnaire
 * order is reported so the form can open it. A step never saved counts as empty.
 */
export function submitCheck(sections: Partial<Record<RfiStepKey, unknown>>, ctx: SectionContext = { staff: false }): SubmitCheckResult {
  for (const step of RFI_STEPS) {
    const result = sectionSchema(step.key, { ...ctx, variant: 'full' }).safeParse(sections[step.key] ?? {});
    if (!result.success) return { ok: false, step: step.key, stepNo: step.no, errors: fieldErrors(result.error) };
  }
  return { ok: true };
}

import { queryOptions } from '@tanstack/react-query';
import type { CurrentStepResponse } from '#domain/rfi/login-rules.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { modeSpec, type QuestionnaireMode } from '#web/rfi/modes.ts';
import { get } from './client.ts';

/**
 * The questionnaire's calls for each mode (spec 1 §7): register → /v1/rfi/*?temp= with the supplier's
 * Bearer token; expand → /v1/cert-rfi/*?applyNo=; audit and view → GET /v1/register/*?applyNo=.
 * Keys start with ['rfi', id] so the supplier login's reset of a link clears them too.
 */
export const rfiQuestionnaireKeys = {
  of: (mode: QuestionnaireMode, id: string) => ['rfi', id, mode] as const,
  section: (mode: QuestionnaireMode, id: string, step: RfiStepKey) => [...rfiQuestionnaireKeys.of(mode, id), 'section', step] as const,
  currentStep: (mode: QuestionnaireMode, id: string) => [...rfiQuestionnaireKeys.of(mode, id), 'current-step'] as const,
  categories: (mode: QuestionnaireMode, id: string) => [...rfiQuestionnaireKeys.of(mode, id), 'categories'] as const,
};

export function rfiCall(mode: QuestionnaireMode, id: string) {
  const spec = modeSpec(mode);
  return { base: spec.base, query: { [spec.idParam]: id }, supplier: spec.supplier };
}

/** Where register and expand resume (spec 1 §4); the audit reads have no current step. */
export const questionnaireStepQuery = (mode: QuestionnaireMode, id: string) =>
  queryOptions({
    queryKey: rfiQuestionnaireKeys.currentStep(mode, id),
    queryFn: ({ signal }) => {
      const c = rfiCall(mode, id);
      return get<CurrentStepResponse>(`${c.base}/current/step`, c.query, { signal, supplier: c.supplier });
    },
    enabled: modeSpec(mode).resumes,
    staleTime: 0,
  });

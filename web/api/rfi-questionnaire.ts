import { queryOptions } from '@tanstack/react-query';
import type { FlowCategory, RfiSaveResult, RfiSectionRead, RfiSubmitRefusal, RfiSubmitResult } from '#domain/rfi/questionnaire-contract.ts';
import type { CurrentStepResponse } from '#domain/rfi/login-rules.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import type { RfiSection, RfiSectionValues } from '#domain/rfi/sections/index.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { modeSpec, type QuestionnaireMode } from '#web/rfi/modes.ts';
import { get, post } from './client.ts';

export type { FlowCategory, RfiSaveResult, RfiSectionRead, RfiSubmitRefusal };

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

function call(mode: QuestionnaireMode, id: string) {
  const spec = modeSpec(mode);
  return { base: spec.base, query: { [spec.idParam]: id }, supplier: spec.supplier };
}

export const sectionQuery = <K extends RfiStepKey>(mode: QuestionnaireMode, id: string, step: K) =>
  queryOptions({
    queryKey: rfiQuestionnaireKeys.section(mode, id, step),
    queryFn: ({ signal }) => {
      const c = call(mode, id);
      return get<RfiSectionRead<RfiSection<K>>>(`${c.base}/get-${RFI_SECTION_PATHS[step]}`, c.query, { signal, supplier: c.supplier });
    },
    // A section is re-read when its step opens again: another tab or a reviewer may have changed it.
    staleTime: 0,
    // Not on focus: a newer version would replace unsaved input; a save with the old one answers 409.
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Where register and expand resume (spec 1 §4); the audit reads have no current step. */
export const questionnaireStepQuery = (mode: QuestionnaireMode, id: string) =>
  queryOptions({
    queryKey: rfiQuestionnaireKeys.currentStep(mode, id),
    queryFn: ({ signal }) => {
      const c = call(mode, id);
      return get<CurrentStepResponse>(`${c.base}/current/step`, c.query, { signal, supplier: c.supplier });
    },
    enabled: modeSpec(mode).resumes,
    staleTime: 0,
  });

/** The categories the application is for (contacts pick theirs from these). */
export const flowCategoriesQuery = (mode: QuestionnaireMode, id: string) =>
  queryOptions({
    queryKey: rfiQuestionnaireKeys.categories(mode, id),
    queryFn: ({ signal }) => {
      const c = call(mode, id);
      return get<FlowCategory[]>(`${c.base}/get-flow-category-info`, c.query, { signal, supplier: c.supplier, handleErrors: true });
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * POST …/save-<section>?save=: save=true (Next) runs the full rules and advances the step; false is a
 * draft. The stored `version` goes along; a 409 means someone saved in between. The client shows the
 * server's message of a refusal; the form adds the field errors (400) or reloads (409).
 */
export function saveSection<K extends RfiStepKey>(
  mode: QuestionnaireMode,
  id: string,
  step: K,
  body: { data: RfiSectionValues<K>; version: number },
  save: boolean,
): Promise<RfiSaveResult> {
  const c = call(mode, id);
  return post<RfiSaveResult>(`${c.base}/save-${RFI_SECTION_PATHS[step]}`, body, {
    query: { ...c.query, save },
    supplier: c.supplier,
  });
}

/** POST …/submit: 200 when every step passes; a 400 names the first failing step in `data`. */
export function submitQuestionnaire(mode: QuestionnaireMode, id: string): Promise<RfiSubmitResult> {
  const c = call(mode, id);
  return post<RfiSubmitResult>(`${c.base}/submit`, {}, { query: c.query, supplier: c.supplier });
}

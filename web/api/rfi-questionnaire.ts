import { queryOptions } from '@tanstack/react-query';
import type { FlowCategory, RfiSaveResult, RfiSectionRead, RfiSubmitRefusal, RfiSubmitResult } from '#domain/rfi/questionnaire-contract.ts';
import type { RfiSection, RfiSectionValues } from '#domain/rfi/sections/index.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import type { QuestionnaireMode } from '#web/rfi/modes.ts';
import { rfiCall, rfiQuestionnaireKeys, sendQuestionnaireCall } from './rfi-current-step.ts';

export type { FlowCategory, RfiSaveResult, RfiSectionRead, RfiSubmitRefusal };

// The keys, the calls' addresses and the current step's query live apart: the questionnaire's route reads the
// step in the app's entry, without the rest of this module.
export { rfiQuestionnaireKeys, questionnaireStepQuery } from './rfi-current-step.ts';

export const sectionQuery = <K extends RfiStepKey>(mode: QuestionnaireMode, id: string, step: K) =>
  queryOptions({
    queryKey: rfiQuestionnaireKeys.section(mode, id, step),
    queryFn: ({ signal }) => {
      const c = rfiCall(mode, id);
      return sendQuestionnaireCall<RfiSectionRead<RfiSection<K>>>(c.calls[`read:${step}`], { query: c.query }, { signal, supplier: c.supplier });
    },
    // A section is re-read when its step opens again: another tab or a reviewer may have changed it.
    staleTime: 0,
    // Not on focus: a newer version would replace unsaved input; a save with the old one answers 409.
    refetchOnWindowFocus: false,
    retry: false,
  });

/** The categories the application is for (contacts pick theirs from these). */
export const flowCategoriesQuery = (mode: QuestionnaireMode, id: string) =>
  queryOptions({
    queryKey: rfiQuestionnaireKeys.categories(mode, id),
    queryFn: ({ signal }) => {
      const c = rfiCall(mode, id);
      return sendQuestionnaireCall<FlowCategory[]>(c.calls.categories, { query: c.query }, { signal, supplier: c.supplier, handleErrors: true });
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
  const c = rfiCall(mode, id);
  return sendQuestionnaireCall<RfiSaveResult>(c.calls[`save:${step}`], { query: { ...c.query, save }, body }, { supplier: c.supplier });
}

/** POST …/submit: 200 when every step passes; a 400 names the first failing step in `data`. */
export function submitQuestionnaire(mode: QuestionnaireMode, id: string): Promise<RfiSubmitResult> {
  const c = rfiCall(mode, id);
  return sendQuestionnaireCall<RfiSubmitResult>(c.calls.submit, { query: c.query, body: {} }, { supplier: c.supplier });
}

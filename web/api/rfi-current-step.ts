import { queryOptions } from '@tanstack/react-query';
import type { CurrentStepResponse } from '#domain/rfi/login-rules.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { modeSpec, type QuestionnaireMode } from '#web/rfi/modes.ts';
import { call } from './call.ts';

/**
 * The questionnaire's calls for each mode (req rfi §7, domain/contracts/questionnaire.ts): register names the
 * application by the link's temp with the supplier's Bearer token; expand, audit and view by applyNo.
 * Keys start with ['rfi', id] so the supplier login's reset of a link clears them too.
 */
export const rfiQuestionnaireKeys = {
  of: (mode: QuestionnaireMode, id: string) => ['rfi', id, mode] as const,
  section: (mode: QuestionnaireMode, id: string, step: RfiStepKey) => [...rfiQuestionnaireKeys.of(mode, id), 'section', step] as const,
  currentStep: (mode: QuestionnaireMode, id: string) => [...rfiQuestionnaireKeys.of(mode, id), 'current-step'] as const,
  categories: (mode: QuestionnaireMode, id: string) => [...rfiQuestionnaireKeys.of(mode, id), 'categories'] as const,
};

/**
 * Sends one of a mode's questionnaire calls. The three prefixes' contracts are built alike (one per step), so their
 * inputs are the mode's: the application's name in the query, a save's flag and body.
 */
export function sendQuestionnaireCall<T>(c: Contract | undefined, input: { query: Record<string, unknown>; body?: unknown }, options: Parameters<typeof call>[2]): Promise<T> {
  if (!c) throw new Error('this questionnaire mode has no such call');
  return call(c, input as never, options) as Promise<T>;
}

export function rfiCall(mode: QuestionnaireMode, id: string) {
  const spec = modeSpec(mode);
  return { calls: spec.calls, query: { [spec.idParam]: id }, supplier: spec.supplier };
}

const fetchCurrentStep = (mode: QuestionnaireMode, id: string, signal?: AbortSignal) => {
  const c = rfiCall(mode, id);
  return sendQuestionnaireCall<CurrentStepResponse>(c.calls.currentStep, { query: c.query }, { signal, supplier: c.supplier });
};

let early: { temp: string; answer: Promise<CurrentStepResponse> } | undefined;

/**
 * Asked by the entry as the supplier's questionnaire opens (web/main.tsx). The page's first render is its
 * frame without the step (the frame rendered at build, which it hydrates), so the answer is held here, not
 * put in the cache, and the form's query takes it once hydrated instead of only then starting the request.
 */
export function requestCurrentStepEarly(temp: string): void {
  early = { temp, answer: fetchCurrentStep('register', temp) };
  early.answer.catch(() => undefined);
}

/** Where register and expand resume (req rfi §4); the audit reads have no current step. */
export const questionnaireStepQuery = (mode: QuestionnaireMode, id: string) =>
  queryOptions({
    queryKey: rfiQuestionnaireKeys.currentStep(mode, id),
    queryFn: ({ signal }) => {
      // The first read takes the early answer; later ones ask again.
      const taken = mode === 'register' && early?.temp === id ? early.answer : undefined;
      early = undefined;
      return taken ?? fetchCurrentStep(mode, id, signal);
    },
    enabled: modeSpec(mode).resumes,
    staleTime: 0,
  });

import { z } from 'zod';
import { tempQuery, type CurrentStepResponse } from '../rfi/login.ts';
import {
  applyNoQuery,
  flowCategory,
  rfiPageQuery,
  rfiPageRow,
  rfiSaveBody,
  rfiSaveQuery,
  rfiSaveResult,
  rfiSectionRead,
  rfiSubmitResult,
} from '../rfi/questionnaire-contract.ts';
import { RFI_SECTION_PATHS } from '../rfi/section-paths.ts';
import type { RfiStepKey } from '../rfi/steps.ts';
import { pageAnswer } from './answers.ts';
import { contract, type Auth, type Contract } from './contract.ts';

/**
 * The questionnaire's calls (req rfi §7), the same under three prefixes: the supplier's own application
 * (`/v1/rfi`, named by the link's temp), staff audit and detail reads (`/v1/register`, read-only, by applyNo) and
 * the expand mode (`/v1/cert-rfi`). Per step: GET get-<section> and, where the prefix writes, POST save-<section>;
 * then the flow's categories and the submit. Keys: `read:<step>`, `save:<step>`, `categories`, `submit`.
 */
type Section = `read:${RfiStepKey}` | `save:${RfiStepKey}`;
export type QuestionnaireCalls = Partial<Record<Section | 'categories' | 'submit' | 'currentStep', Contract>>;

const saveFlag = rfiSaveQuery.shape.save.describe('true: Next (full rules, advances the step); false: draft');

function questionnaire(prefix: string, o: { tag: string; auth: Auth; query: z.ZodObject; writes: boolean }): QuestionnaireCalls {
  const { tag, auth, query } = o;
  const calls: QuestionnaireCalls = {};
  for (const [step, path] of Object.entries(RFI_SECTION_PATHS) as [RfiStepKey, string][]) {
    calls[`read:${step}`] = contract({ method: 'get', path: `${prefix}/get-${path}`, summary: `Read ${path} (data, version, status, readOnly)`, tag, auth, query, response: rfiSectionRead });
    if (o.writes) {
      calls[`save:${step}`] = contract({
        method: 'post',
        path: `${prefix}/save-${path}`,
        summary: `Save ${path} as a draft or on Next`,
        tag,
        auth,
        query: query.extend({ save: saveFlag }),
        body: rfiSaveBody,
        response: rfiSaveResult,
      });
    }
  }
  calls.categories = contract({ method: 'get', path: `${prefix}/get-flow-category-info`, summary: 'The categories the application is for', tag, auth, query, response: z.array(flowCategory) });
  if (o.writes) calls.submit = contract({ method: 'post', path: `${prefix}/submit`, summary: 'Submit: 400 names the first failing step in data', tag, auth, query, response: rfiSubmitResult });
  return calls;
}

export const RFI_SUPPLIER = {
  ...questionnaire('/v1/rfi', { tag: 'questionnaire', auth: 'supplier', query: tempQuery, writes: true }),
  currentStep: contract({
    method: 'get',
    path: '/v1/rfi/current/step',
    summary: 'The step to resume at',
    tag: 'questionnaire',
    auth: 'supplier',
    query: tempQuery,
    response: z.object({ step: z.number(), returnReason: z.string().optional() }) satisfies z.ZodType<CurrentStepResponse>,
  }),
};
export const RFI_AUDIT = questionnaire('/v1/register', { tag: 'questionnaire audit', auth: 'staff', query: applyNoQuery, writes: false });
export const RFI_EXPAND = {
  ...questionnaire('/v1/cert-rfi', { tag: 'questionnaire expand', auth: 'staff', query: applyNoQuery, writes: true }),
  currentStep: contract({
    method: 'get',
    path: '/v1/cert-rfi/current/step',
    summary: 'The step to resume at',
    tag: 'questionnaire expand',
    auth: 'staff',
    query: applyNoQuery,
    response: z.object({ step: z.number() }),
  }),
};

export const RFI_LIST = {
  page: contract({
    method: 'post',
    path: '/v1/cert-rfi/page',
    summary: 'The questionnaires of the flows the caller may open, by flow number or supplier name, paged',
    tag: 'questionnaire expand',
    auth: 'staff',
    body: rfiPageQuery,
    response: pageAnswer(rfiPageRow),
  }),
};

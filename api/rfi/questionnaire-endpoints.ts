import { z } from 'zod';
import { tempQuery } from '#domain/rfi/login.ts';
import { applyNoQuery, rfiSaveBody } from '#domain/rfi/questionnaire-contract.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import type { Endpoint } from '../openapi/endpoints.ts';

/** The questionnaire calls for the OpenAPI document (spec 1 §7), one per section and prefix. */

const saveFlag = z.object({ save: z.enum(['true', 'false']).optional().describe('true: Next (full rules, advances the step); false: draft') });
const sections = Object.values(RFI_SECTION_PATHS);

function prefixEndpoints(o: { prefix: string; tag: string; auth: Endpoint['auth']; who: z.ZodObject; writes: boolean }): Endpoint[] {
  const { prefix, tag, auth, who } = o;
  const out: Endpoint[] = [];
  for (const section of sections) {
    out.push({ method: 'get', path: `${prefix}/get-${section}`, summary: `Read ${section} (data, version, status, readOnly)`, tag, auth, query: who });
    if (o.writes) {
      out.push({ method: 'post', path: `${prefix}/save-${section}`, summary: `Save ${section} as a draft or on Next`, tag, auth, query: who.extend(saveFlag.shape), body: rfiSaveBody });
    }
  }
  out.push({ method: 'get', path: `${prefix}/get-flow-category-info`, summary: 'The categories the application is for', tag, auth, query: who });
  if (o.writes) out.push({ method: 'get', path: `${prefix}/submit`, summary: 'Submit: 400 names the first failing step in data', tag, auth, query: who });
  return out;
}

export const QUESTIONNAIRE_ENDPOINTS: Endpoint[] = [
  ...prefixEndpoints({ prefix: '/v1/rfi', tag: 'questionnaire', auth: 'supplier', who: tempQuery, writes: true }),
  ...prefixEndpoints({ prefix: '/v1/register', tag: 'questionnaire audit', auth: 'staff', who: applyNoQuery, writes: false }),
  ...prefixEndpoints({ prefix: '/v1/cert-rfi', tag: 'questionnaire expand', auth: 'staff', who: applyNoQuery, writes: true }),
  { method: 'get', path: '/v1/cert-rfi/current/step', summary: 'The step to resume at', tag: 'questionnaire expand', auth: 'staff', query: applyNoQuery },
];

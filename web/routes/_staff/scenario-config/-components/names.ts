import { INSPECTION_DIMENSIONS } from '#domain/cert-flow/dimensions.ts';
import { NODE_TASK_NAME, RESPONSIBILITY_NAME, type FlowResponsibility } from '#domain/cert-flow/node-principals.ts';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import { SCENARIO_TYPES, type ScenarioType } from '#domain/scenario/scenario-config.ts';

type Named = { zh: string; en: string };
const pick = (n: Named | undefined, locale: string, fallback: string) => (n ? (locale === 'en' ? n.en : n.zh) : fallback);

/** Names of the configuration's codes in the screen's language; the names live in domain/ once. */
export const nodeName = (code: string, locale: string) => pick(NODE_TASK_NAME[code as NodeCode], locale, code);
export const typeName = (code: string, locale: string) => pick(SCENARIO_TYPES[code as ScenarioType], locale, code);
export const roleName = (code: string, locale: string) => pick(RESPONSIBILITY_NAME[code as FlowResponsibility], locale, code);
export const dimensionName = (code: string, locale: string) => pick(INSPECTION_DIMENSIONS.find((d) => d.code === code), locale, code);

import type { RfiStepKey } from '#domain/rfi/steps.ts';
import type { StepDefinition } from './step-types.ts';

/**
 * The step registry: step key → the module of its form, which exports a `defineStep({ key, Form,
 * initialValues })`; the section path of each key is RFI_SECTION_PATHS (domain/rfi/section-paths.ts).
 * A step's module (with the files it imports) loads when the step first opens, so the questionnaire's
 * first load carries one step's form and inputs, not all ten. One dynamic import per step, not one per
 * file: each import carries the list of chunks it preloads, and the first load carries all the lists.
 */
const STEP_MODULES: Record<RfiStepKey, () => Promise<Record<string, unknown>>> = {
  company: () => import('./steps/step-01-company.tsx'),
  contacts: () => import('./steps/step-02-contacts.tsx'),
  finance: () => import('./steps/step-03-finance.tsx'),
  sales: () => import('./steps/step-04-sales.tsx'),
  certificates: () => import('./steps/step-05-certificates.tsx'),
  factories: () => import('./steps/step-06-factories.tsx'),
  qualityTargets: () => import('./steps/step-07-quality-targets.tsx'),
  otherCapability: () => import('./steps/step-08-other-capability.tsx'),
  development: () => import('./steps/step-09-development.tsx'),
  securityDelivery: () => import('./steps/step-10-security-delivery.tsx'),
};

function isStepDefinition(v: unknown): v is StepDefinition<RfiStepKey> {
  return typeof v === 'object' && v !== null && 'key' in v && 'Form' in v && 'initialValues' in v;
}

const loading = new Map<RfiStepKey, Promise<StepDefinition<RfiStepKey>>>();

/** The step's definition, from its module (loaded once; a failed load is tried again). */
export function loadStepDefinition<K extends RfiStepKey>(key: K): Promise<StepDefinition<K>> {
  let def = loading.get(key);
  if (!def) {
    def = STEP_MODULES[key]().then((exports) => {
      const found = Object.values(exports).find((v) => isStepDefinition(v) && v.key === key);
      if (!found) throw new Error(`web/rfi/steps: no form is defined for step ${key}`);
      return found as StepDefinition<RfiStepKey>;
    });
    def.catch(() => loading.delete(key));
    loading.set(key, def);
  }
  return def as unknown as Promise<StepDefinition<K>>;
}

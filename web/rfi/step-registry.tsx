import { Alert } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { RFI_STEPS, type RfiStepKey } from '#domain/rfi/steps.ts';
import type { StepDefinition } from './step-types.ts';
import { fill } from './values.ts';

/**
 * The step registry: step key → its form component and value preparation. Every module
 * `./steps/step-NN-<name>.tsx` that exports a `defineStep({ key, Form, initialValues })` registers
 * step NN; the section path of each key is RFI_SECTION_PATHS (domain/rfi/section-paths.ts). A step's
 * modules load when the step first opens, so the questionnaire's first load carries one step's form
 * (and its inputs), not all ten.
 */
const modules = import.meta.glob<Record<string, unknown>>('./steps/step-*.tsx');

function isStepDefinition(v: unknown): v is StepDefinition<RfiStepKey> {
  return typeof v === 'object' && v !== null && 'key' in v && 'Form' in v && 'initialValues' in v;
}

/** A step whose form is not there yet: shows the stored values as they are, saves them unchanged. */
function missingStep(key: RfiStepKey): StepDefinition<RfiStepKey> {
  return {
    key,
    initialValues: (data) => fill({}, data) as never,
    Form: () => (
      <Alert color="gray">
        <Trans>本步骤的表单即将提供。</Trans>
      </Alert>
    ),
  };
}

const loading = new Map<RfiStepKey, Promise<StepDefinition<RfiStepKey>>>();

/** The step's definition, from the modules of its number (loaded once; a failed load is tried again). */
export function loadStepDefinition<K extends RfiStepKey>(key: K): Promise<StepDefinition<K>> {
  let def = loading.get(key);
  if (!def) {
    const no = RFI_STEPS.find((s) => s.key === key)?.no;
    const files = Object.entries(modules).filter(([path]) => Number(/\/step-(\d+)-/.exec(path)?.[1]) === no);
    def = Promise.all(files.map(([, load]) => load())).then(
      (loaded) => loaded.flatMap((exports) => Object.values(exports)).find((v) => isStepDefinition(v) && v.key === key) ?? missingStep(key),
    ) as Promise<StepDefinition<RfiStepKey>>;
    def.catch(() => loading.delete(key));
    loading.set(key, def);
  }
  return def as unknown as Promise<StepDefinition<K>>;
}

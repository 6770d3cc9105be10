import { Alert } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { RFI_STEPS, type RfiStepKey } from '#domain/rfi/steps.ts';
import type { StepDefinition } from './step-types.ts';
import { fill } from './values.ts';

/**
 * The step registry: step key → its form component and value preparation. Every module
 * `./steps/step-NN-<name>.tsx` that exports a `defineStep({ key, Form, initialValues })` registers
 * its step; the section path of each key is RFI_SECTION_PATHS (domain/rfi/section-paths.ts).
 */
const modules = import.meta.glob<Record<string, unknown>>('./steps/step-*.tsx', { eager: true });

function isStepDefinition(v: unknown): v is StepDefinition<RfiStepKey> {
  return typeof v === 'object' && v !== null && 'key' in v && 'Form' in v && 'initialValues' in v;
}

const registered = new Map<RfiStepKey, StepDefinition<RfiStepKey>>();
for (const exports of Object.values(modules)) {
  for (const value of Object.values(exports)) if (isStepDefinition(value)) registered.set(value.key, value);
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

const STEP_REGISTRY: Record<RfiStepKey, StepDefinition<RfiStepKey>> = Object.fromEntries(
  RFI_STEPS.map((s) => [s.key, registered.get(s.key) ?? missingStep(s.key)]),
) as Record<RfiStepKey, StepDefinition<RfiStepKey>>;

export function stepDefinition<K extends RfiStepKey>(key: K): StepDefinition<K> {
  return STEP_REGISTRY[key] as unknown as StepDefinition<K>;
}

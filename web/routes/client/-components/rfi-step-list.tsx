import { Stepper } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { RFI_STEPS, type RfiStepNo } from '#domain/rfi/steps.ts';
import { STEP_LABELS } from './step-labels.ts';

/**
 * The vertical side list of the 10 steps (spec 1 §2), numbered, the current one highlighted.
 * In register mode the supplier moves with Previous/Next only, so the steps are not clickable.
 */
export function RfiStepList({ current }: { current: RfiStepNo }) {
  const { i18n } = useLingui();
  return (
    <Stepper active={current - 1} orientation="vertical" size="xs" allowNextStepsSelect={false} aria-label="RFI steps">
      {RFI_STEPS.map((step) => (
        <Stepper.Step key={step.key} label={i18n._(STEP_LABELS[step.key])} data-step={step.no} aria-current={step.no === current ? 'step' : undefined} />
      ))}
    </Stepper>
  );
}

import { NativeSelect, type NativeSelectProps, Stepper } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { RFI_STEPS, type RfiStepNo } from '#domain/rfi/steps.ts';
import { STEP_LABELS } from './step-labels.ts';

/**
 * The vertical side list of the 10 steps (req rfi §2), numbered, the current one highlighted. A step
 * opens on click when `selectable` allows it: any step in audit and view, the finished ones where the
 * form edits (Next and Submit still validate).
 */
export function StepList({
  current,
  onSelect,
  selectable = () => true,
  disabled,
}: {
  current: RfiStepNo;
  onSelect?: (step: RfiStepNo) => void;
  selectable?: (step: RfiStepNo) => boolean;
  disabled?: boolean;
}) {
  const { i18n } = useLingui();
  const clickable = Boolean(onSelect) && !disabled;
  return (
    <Stepper
      active={current - 1}
      onStepClick={clickable ? (index) => onSelect!((index + 1) as RfiStepNo) : undefined}
      orientation="vertical"
      size="xs"
      aria-label="RFI steps"
    >
      {RFI_STEPS.map((step) => (
        <Stepper.Step
          key={step.key}
          label={i18n._(STEP_LABELS[step.key])}
          data-step={step.no}
          aria-current={step.no === current ? 'step' : undefined}
          allowStepSelect={clickable && step.no !== current && selectable(step.no)}
        />
      ))}
    </Stepper>
  );
}

/** The steps as a select, for narrow screens in the modes that open any step. */
export function StepSelect({ current, onSelect, ...rest }: { current: RfiStepNo; onSelect: (step: RfiStepNo) => void } & Omit<NativeSelectProps, 'onSelect'>) {
  const { i18n } = useLingui();
  return (
    <NativeSelect
      aria-label="RFI steps"
      {...rest}
      value={String(current)}
      onChange={(e) => onSelect(Number(e.currentTarget.value) as RfiStepNo)}
      data={RFI_STEPS.map((s) => ({ value: String(s.no), label: `${s.no}. ${i18n._(STEP_LABELS[s.key])}` }))}
    />
  );
}

import { NumberField } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '../step-types.ts';
import { TARGET_NUMBER, type TargetNumberField } from './step-07-rows.ts';

/** The min of each min/max pair: its "minimum above maximum" error sits on the min (req rfi §5). */
const PAIR_MIN: Partial<Record<TargetNumberField, TargetNumberField>> = {
  customerRequireMax: 'customerRequireMin',
  actualPerformanceMax: 'actualPerformanceMin',
};

/**
 * A target number: 0 to 99999999 with 4 decimals. Leaving a maximum re-checks its minimum, so the
 * "minimum above maximum" message of the row appears (or goes) as soon as the pair is complete.
 */
export function TargetNumber({ form, rowPath, name, label, readOnly }: { form: StepForm<'qualityTargets'>; rowPath: string; name: TargetNumberField | 'warrantyYear' | 'warrantyKilometer'; label: string; readOnly: boolean }) {
  const field = useFieldProps(form);
  const props = field(`${rowPath}.${name}`);
  const pairMin = name in PAIR_MIN ? PAIR_MIN[name as TargetNumberField] : undefined;
  return (
    <NumberField
      aria-label={label}
      decimals={TARGET_NUMBER.decimalScale}
      min={TARGET_NUMBER.min}
      max={TARGET_NUMBER.max}
      miw={100}
      {...props}
      onBlur={(e) => {
        props.onBlur?.(e);
        const minPath = `${rowPath}.${pairMin}`;
        if (pairMin && !readOnly && String(form.getInputProps(minPath).value ?? '') !== '') form.validateField(minPath);
      }}
      readOnly={readOnly}
    />
  );
}

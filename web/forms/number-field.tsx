import type { ReactNode } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

/**
 * A number input for the sections' number fields: integers by default, `decimals` places otherwise
 * (stateOwnedCapital 2, quality targets 4). Empty stays '' (not 0); the schemas read '' as "not given"
 * and check the range, so the input does not clamp silently. Bind it with `{...field('registeredCapital')}`.
 */
export interface NumberFieldProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'error' | 'decimalScale'> {
  value?: number | string | null;
  onChange?: (value: number | string) => void;
  error?: ReactNode;
  /** Decimal places allowed; 0 (integers) by default. */
  decimals?: number;
}

export function NumberField({ value, onChange, error, decimals = 0, min, ...rest }: NumberFieldProps) {
  const tr = useRuleMessage();
  return (
    <NumberInput
      hideControls
      allowDecimal={decimals > 0}
      decimalScale={decimals > 0 ? decimals : undefined}
      allowNegative={min === undefined || min < 0}
      min={min}
      clampBehavior="none"
      {...rest}
      value={value ?? ''}
      onChange={(v) => onChange?.(v)}
      error={tr(error)}
    />
  );
}

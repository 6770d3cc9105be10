import type { ReactNode } from 'react';
import { Select, type SelectProps } from '@mantine/core';

/**
 * A clearable select over a fixed list of codes, such as a domain's statuses, each shown by `optionLabel`
 * in the current language. Codes may be numbers (review status 20/30): the select's own string values are
 * mapped back to the code, so the filter keeps the type its route's search has.
 */
export function OptionSelect<T extends string | number>({
  options,
  optionLabel,
  value,
  onChange,
  ...rest
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  label: ReactNode;
  options: readonly T[];
  optionLabel: (option: T) => string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <Select
      clearable
      {...rest}
      data={options.map((o) => ({ value: String(o), label: optionLabel(o) }))}
      value={value === undefined ? null : String(value)}
      onChange={(v) => onChange(options.find((o) => String(o) === v))}
    />
  );
}

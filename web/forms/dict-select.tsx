import type { ReactNode } from 'react';
import { Group, Radio, Select, type SelectProps } from '@mantine/core';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { useFormReadOnly } from './caller.tsx';
import { type DictOption, useDictionary } from './dictionary.ts';

type DictValue = string | number | null | undefined;

/**
 * A dictionary field: the entries of `dictType` as a Select (default) or a Radio group.
 * Bind it with the form: `<DictSelect dictType="supplier_type" {...field('supplierType')} />`.
 */
export interface DictSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'defaultValue' | 'error'> {
  /** Dictionary type of GET /dict/v1/list, e.g. `supplier_type`, `company_category_20`. */
  dictType: string;
  /** The stored key; numbers are shown by their string key. */
  value?: DictValue;
  /** The chosen key, or null when cleared; a number when `numeric` is set. */
  onChange?: (value: string | number | null) => void;
  /** Rule message id or text; rendered in the current language. */
  error?: ReactNode;
  /** The field stores numbers (companyCategory, certifiedRegion): keys are given back as numbers. */
  numeric?: boolean;
  /** `radio` shows the entries as a radio group (short dictionaries). */
  as?: 'select' | 'radio';
  /** Keeps only some entries. */
  only?: (entry: DictOption) => boolean;
}

export function DictSelect({ dictType, value, onChange, error, numeric, as = 'select', only, ...rest }: DictSelectProps) {
  const tr = useRuleMessage();
  const dict = useDictionary(dictType);
  const formReadOnly = useFormReadOnly();
  const entries = only ? dict.entries.filter(only) : dict.entries;
  const selected = value === null || value === undefined || value === '' ? null : String(value);
  const emit = (key: string | null) => onChange?.(key === null || key === '' ? null : numeric ? Number(key) : key);

  if (as === 'radio') {
    return (
      <Radio.Group
        label={rest.label}
        withAsterisk={rest.withAsterisk}
        description={rest.description}
        value={selected}
        onChange={(key) => !rest.readOnly && emit(key)}
        error={tr(error)}
        // A radio group has no readOnly of its own; disabled stands in for it.
        readOnly={rest.readOnly}
      >
        <Group gap="lg" mt={4} mih={36}>
          {entries.map((e) => (
            <Radio key={e.dictKey} value={e.dictKey} label={e.dictValue} disabled={rest.disabled || rest.readOnly} />
          ))}
        </Group>
      </Radio.Group>
    );
  }

  const data = entries.map((e) => ({ value: e.dictKey, label: e.dictValue }));
  // A stored key missing from the dictionary still shows (as its key) rather than a blank.
  if (selected !== null && !dict.isLoading && !data.some((d) => d.value === selected)) data.push({ value: selected, label: selected });

  return (
    <Select
      searchable={entries.length > 8}
      clearable={!rest.withAsterisk && !formReadOnly && !rest.readOnly}
      nothingFoundMessage={dict.isLoading ? '…' : undefined}
      {...rest}
      data={data}
      value={selected}
      onChange={(key) => emit(key)}
      error={tr(error)}
    />
  );
}

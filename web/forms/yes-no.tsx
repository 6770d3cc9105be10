import type { ReactNode } from 'react';
import { Group, Radio } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

/**
 * A yes/no radio pair holding real values: booleans by default (founderManagement, hold,
 * holdFactory), or other pairs such as 1/0 (haveOtherAddress) through `yes` and `no`.
 * Empty (null) until answered. Bind it with `{...field('hold')}`.
 */
export interface YesNoProps<T = boolean> {
  value?: T | null;
  onChange?: (value: T) => void;
  error?: ReactNode;
  label?: ReactNode;
  withAsterisk?: boolean;
  description?: ReactNode;
  readOnly?: boolean;
  disabled?: boolean;
  /** The stored values; `true`/`false` unless given. */
  yes?: T;
  no?: T;
  yesLabel?: ReactNode;
  noLabel?: ReactNode;
  'aria-label'?: string;
}

export function YesNo<T = boolean>(props: YesNoProps<T>) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const yes = ('yes' in props ? props.yes : true) as T;
  const no = ('no' in props ? props.no : false) as T;
  const current = props.value === yes ? 'yes' : props.value === no ? 'no' : null;
  const locked = props.readOnly || props.disabled;
  return (
    <Radio.Group
      label={props.label}
      aria-label={props['aria-label']}
      withAsterisk={props.withAsterisk}
      description={props.description}
      value={current}
      onChange={(v) => !locked && props.onChange?.(v === 'yes' ? yes : no)}
      error={tr(props.error)}
      readOnly={props.readOnly}
    >
      <Group gap="lg" mt={4} mih={36} wrap="nowrap">
        <Radio value="yes" label={props.yesLabel ?? t`是`} disabled={props.disabled} />
        <Radio value="no" label={props.noLabel ?? t`否`} disabled={props.disabled} />
      </Group>
    </Radio.Group>
  );
}

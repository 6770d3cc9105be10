import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Button, Tooltip } from '@mantine/core';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import type { RowAction } from '#domain/cert-flow/row-actions.ts';

/**
 * A row action as the server computed it for this user: enabled, or disabled with the server's reason
 * as its tooltip. `data-disabled` instead of `disabled` keeps the hover that shows the tooltip.
 */
export function RowActionButton(props: { action: RowAction; onClick: () => void; color?: string; testId: string; children: ReactNode }) {
  const { i18n } = useLingui();
  const { action } = props;
  const button = (
    <Button
      size="compact-sm"
      variant="subtle"
      color={props.color}
      data-testid={props.testId}
      data-disabled={!action.allowed || undefined}
      aria-disabled={!action.allowed}
      onClick={(e) => (action.allowed ? props.onClick() : e.preventDefault())}
    >
      {props.children}
    </Button>
  );
  if (action.allowed) return button;
  return (
    <Tooltip label={translate(action.reason, i18n.locale as Locale)} withArrow>
      {button}
    </Tooltip>
  );
}

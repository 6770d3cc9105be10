import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import type { NodePanelProps } from '../nodes/node-panel.ts';
import { OptionalCompleteButton } from '../nodes/node-form-kit.tsx';
import { NODE_STATE_LOOK, nodeState } from './node-status.ts';
import { formatDateTime } from '#web/components/date-time.ts';

/**
 * The view of a node without a screen of its own: status, principal and times, then what a panel
 * built on it adds (`children`); for an optional node in progress the direct completion of req flow
 * §4.2, which only its principal may click.
 */
export function GenericNodeView({ flow, node, editable, onChanged, children }: NodePanelProps & { children?: ReactNode }) {
  const { i18n } = useLingui();
  const look = NODE_STATE_LOOK[nodeState(node)];
  const task = node.taskList[0];

  return (
    <Stack data-testid="generic-node-view">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Field label={<Trans>节点状态</Trans>}>
          <Badge color={look.color} variant={look.variant}>
            {i18n._(look.label)}
          </Badge>
        </Field>
        <Field label={<Trans>任务负责人</Trans>}>{task ? `${task.taskPrincipalName} (${task.taskPrincipalId})` : '-'}</Field>
        <Field label={<Trans>开始时间</Trans>}>{formatDateTime(node.startTime, i18n.locale)}</Field>
        <Field label={<Trans>完成时间</Trans>}>{formatDateTime(node.finishTime, i18n.locale)}</Field>
      </SimpleGrid>
      {children}
      <OptionalCompleteButton flow={flow} node={node} owner={editable} onChanged={onChanged} />
    </Stack>
  );
}

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

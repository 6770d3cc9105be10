import { useLingui } from '@lingui/react';
import { Badge, Group, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { NODE_STATE_LOOK, type NodeState } from './node-status.ts';
import { KcpMark } from './step-bar.tsx';

/** Req flow §2.3: not started, in progress, finished, and the key control point marker; closed for a node its flow's end stopped. */
export function Legend() {
  const { i18n } = useLingui();
  return (
    <Group gap="md" data-testid="legend">
      {(['notStarted', 'inProgress', 'finished', 'closed'] as NodeState[]).map((s) => (
        <Group key={s} gap={4}>
          <Badge size="sm" color={NODE_STATE_LOOK[s].color} variant={NODE_STATE_LOOK[s].variant} radius="sm">
            {' '}
          </Badge>
          <Text size="sm">{i18n._(NODE_STATE_LOOK[s].label)}</Text>
        </Group>
      ))}
      <Group gap={4}>
        <KcpMark />
        <Text size="sm">
          <Trans>关键控制点</Trans>
        </Text>
      </Group>
    </Group>
  );
}

import { Suspense } from 'react';
import { Group, Paper, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { FlowDetail, FlowDetailNode } from '#domain/cert-flow/flow-detail.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { NODE_PANELS } from '../nodes/registry.ts';
import { GenericNodeView } from './generic-node-view.tsx';
import { isEditable } from './node-status.ts';
import { KcpMark } from './step-bar.tsx';

/** The node task area (req flow §2.3): the chosen node's own screen, loaded when first opened, or the generic view. */
export function NodeArea({ flow, node, jobNumber, onChanged }: { flow: FlowDetail; node: FlowDetailNode | undefined; jobNumber: string; onChanged: () => void }) {
  if (!node) {
    return (
      <Paper withBorder p="md" c="dimmed">
        <Trans>请选择已开始的节点查看</Trans>
      </Paper>
    );
  }
  const Panel = NODE_PANELS[node.nodeCode];
  const props = { flow, node, jobNumber, editable: isEditable(flow, node, jobNumber), onChanged };
  return (
    <Paper withBorder p="md" data-testid="node-area" data-node-code={node.nodeCode}>
      <Group gap="xs" mb="md">
        <Title order={5}>{node.nodeName}</Title>
        {node.kcp === 'YES' && <KcpMark />}
      </Group>
      {/* Each node screen is its own chunk; the key resets a panel's state when another node is chosen. */}
      <Suspense fallback={<PageLoader />}>{Panel ? <Panel key={node.nodeCode} {...props} /> : <GenericNodeView key={node.nodeCode} {...props} />}</Suspense>
    </Paper>
  );
}

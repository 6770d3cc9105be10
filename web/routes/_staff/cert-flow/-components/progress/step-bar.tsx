import { useLingui } from '@lingui/react';
import { Badge, Group, Stepper, Tooltip, UnstyledButton, useMatches } from '@mantine/core';
import type { FlowDetail, FlowDetailNode } from '#domain/cert-flow/flow-detail.ts';
import { isReachable, NODE_STATE_LOOK, nodeState, stageGroups } from './node-status.ts';

/**
 * The four stages with their nodes (req flow §2.3). The stage the flow is at is the active step; a
 * reached node is a button that opens its view, an unreached one is shown but not clickable. On a
 * phone the stages stand one under the other, each with its nodes across the whole width: four
 * columns of a 390 px screen leave a stage's name and its nodes a few characters a line.
 */
export function StepBar({ flow, selected, onSelect }: { flow: FlowDetail; selected: string | null; onSelect: (node: FlowDetailNode) => void }) {
  const groups = stageGroups(flow).filter((g) => g.nodes.length > 0);
  const current = groups.findIndex((g) => g.nodes.some((n) => n.nodeCode === flow.currentNodeCode));
  const active = flow.stage === 90 ? groups.length : Math.max(current, 0);
  const orientation = useMatches({ base: 'vertical', sm: 'horizontal' } as const);
  return (
    <Stepper
      active={active}
      size="sm"
      allowNextStepsSelect={false}
      orientation={orientation}
      styles={orientation === 'vertical' ? STACKED : FOUR_COLUMNS}
      data-testid="step-bar"
      data-orientation={orientation}
    >
      {groups.map((g) => (
        <Stepper.Step key={g.stage} label={g.name} description={<NodeButtons nodes={g.nodes} selected={selected} onSelect={onSelect} />} />
      ))}
    </Stepper>
  );
}

/**
 * The four stages side by side in equal columns, their nodes wrapping inside the column: long English
 * node names would otherwise push a stage onto a second row of the stepper.
 */
const FOUR_COLUMNS = {
  steps: { flexWrap: 'nowrap', alignItems: 'flex-start' },
  step: { flex: '1 1 0', minWidth: 0, alignItems: 'flex-start' },
  stepBody: { minWidth: 0 },
  separator: { flex: '0 0 var(--mantine-spacing-xs)', marginInline: 4, marginTop: 'calc(var(--stepper-icon-size) / 2)' },
} as const;

/** One stage under the other; a stage's nodes wrap across the width beside its number. */
const STACKED = {
  step: { alignItems: 'flex-start' },
  stepBody: { minWidth: 0, flex: 1 },
} as const;

/** A node name longer than its column breaks between words over two lines instead of being cut off. */
const WRAPPING_BADGE = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', minWidth: 0, lineHeight: 1.3, paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

function NodeButtons({ nodes, selected, onSelect }: { nodes: FlowDetailNode[]; selected: string | null; onSelect: (node: FlowDetailNode) => void }) {
  const { i18n } = useLingui();
  return (
    <Group gap={4} mt={4} component="span">
      {nodes.map((node) => {
        const look = NODE_STATE_LOOK[nodeState(node)];
        const reachable = isReachable(node);
        const badge = (
          <Badge
            color={look.color}
            variant={look.variant}
            radius="sm"
            tt="none"
            styles={WRAPPING_BADGE}
            style={{ cursor: reachable ? 'pointer' : 'not-allowed', outline: selected === node.nodeCode ? '2px solid var(--mantine-color-blue-7)' : undefined, outlineOffset: 1 }}
            rightSection={node.kcp === 'YES' ? <KcpMark /> : undefined}
          >
            {node.nodeName}
          </Badge>
        );
        return reachable ? (
          <UnstyledButton
            key={node.nodeCode}
            onClick={(e) => {
              e.stopPropagation();
              onSelect(node);
            }}
            aria-pressed={selected === node.nodeCode}
            data-node-code={node.nodeCode}
            data-node-state={nodeState(node)}
          >
            {badge}
          </UnstyledButton>
        ) : (
          <Tooltip key={node.nodeCode} label={i18n._(look.label)}>
            <span data-node-code={node.nodeCode} data-node-state="notStarted" aria-disabled="true">
              {badge}
            </span>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** The key control point marker of the legend and the step bar. */
export function KcpMark() {
  return (
    <Badge size="xs" color="orange" variant="filled" radius="xs" component="span">
      KCP
    </Badge>
  );
}

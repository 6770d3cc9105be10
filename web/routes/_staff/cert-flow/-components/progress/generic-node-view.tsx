import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Anchor, Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import type { NodePanelProps } from '../nodes/node-panel.ts';
import { OptionalCompleteButton } from '../nodes/node-form-kit.tsx';
import { TaskList } from '../task-list.tsx';
import { formatTime, NODE_STATE_LOOK, nodeState } from './node-status.ts';

/**
 * The view of a node without a screen of its own: status, principal and times; at RFI the stage-10
 * task list and the read-only questionnaire; for an optional node in progress the direct completion
 * of spec 2 §4.2, which only its principal may click.
 */
export function GenericNodeView({ flow, node, editable, onChanged }: NodePanelProps) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const state = nodeState(node);
  const look = NODE_STATE_LOOK[state];
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
        <Field label={<Trans>开始时间</Trans>}>{formatTime(node.startTime)}</Field>
        <Field label={<Trans>完成时间</Trans>}>{formatTime(node.finishTime)}</Field>
      </SimpleGrid>

      {node.nodeCode === 'RFI' && (
        <Stack gap="xs">
          {task?.applyNo && (
            <Anchor href={rfiDetailHref(task.applyNo, flow.flowNo)} size="sm" onClick={(e) => {
              e.preventDefault();
              void navigate({ href: rfiDetailHref(task.applyNo!, flow.flowNo) });
            }}>
              <Trans>查看RFI问卷（只读）</Trans>
            </Anchor>
          )}
          <TaskList flowNo={flow.flowNo} />
        </Stack>
      )}

      <OptionalCompleteButton flow={flow} node={node} owner={editable} onChanged={onChanged} />
    </Stack>
  );
}

/** scm-cspm:register-rfi-detail: the questionnaire read-only (id = application number). */
const rfiDetailHref = (applyNo: string, flowNo: string) => `/rfi/detail?${new URLSearchParams({ id: applyNo, flowNo })}`;

function Field({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
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

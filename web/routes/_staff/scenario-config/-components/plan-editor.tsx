import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { ActionIcon, Badge, Group, NumberInput, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { NODE_REQUIRED, NODE_STAGE, type NodeCode } from '#domain/cert-flow/enums.ts';
import { DUE_DAYS_MAX, KCP_NODES, MANDATORY_NODES, NO_DUE_NODES, SCENARIO_TYPES, type ScenarioNodeInput, type ScenarioType } from '#domain/scenario/scenario-config.ts';
import { dictQuery } from '#web/api/reference.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { nodeName } from './names.ts';

const STAGES = [10, 20, 30, 40] as const;
const stageOf = (n: ScenarioNodeInput) => NODE_STAGE[n.nodeCode];

/** A node as the editor adds it: required, KCP where the requirements put it, five working days unless it has no due time. */
export function newNode(nodeCode: ScenarioNodeInput['nodeCode']): ScenarioNodeInput {
  return { nodeCode, nodeRequired: NODE_REQUIRED.REQUIRED, kcp: KCP_NODES.includes(nodeCode), dueDays: NO_DUE_NODES.includes(nodeCode) ? null : 5 };
}

/**
 * Where an added node goes: after the nodes of its stage, but before the gate that closes the stage
 * (KCP1 in stage 10) and before RELEASE in stage 40, so a plan built by adding stays valid.
 */
function insertAt(nodes: ScenarioNodeInput[], code: ScenarioNodeInput['nodeCode']): number {
  const stage = NODE_STAGE[code];
  const gate = nodes.findIndex((n) => stageOf(n) === stage && (n.nodeCode === 'KCP1' || n.nodeCode === 'RELEASE'));
  if (gate >= 0) return gate;
  const after = nodes.findIndex((n) => stageOf(n) > stage);
  return after < 0 ? nodes.length : after;
}

/**
 * The node plan grouped by the four stages (architecture §4): required/optional, the KCP flag, the due
 * time in working days, order within the stage, and nodes added from or removed to the set the
 * scenario type allows. `errors` are the form's, keyed `nodes.3.dueDays`.
 */
export function PlanEditor(props: {
  scenarioType: ScenarioType;
  nodes: ScenarioNodeInput[];
  onChange: (nodes: ScenarioNodeInput[]) => void;
  errors: Record<string, unknown>;
  readOnly: boolean;
}) {
  const { i18n } = useLingui();
  const tr = useRuleMessage();
  const stages = useQuery(dictQuery('fri_cert_stage', i18n.locale));
  const stageName = (s: number) => stages.data?.find((d) => d.dictKey === String(s))?.dictValue ?? String(s);
  const { nodes, onChange } = props;
  const allowed: readonly NodeCode[] = SCENARIO_TYPES[props.scenarioType].nodes;
  const addable = allowed.filter((c) => !nodes.some((n) => n.nodeCode === c)) as ScenarioNodeInput['nodeCode'][];

  const update = (i: number, patch: Partial<ScenarioNodeInput>) => onChange(nodes.map((n, j) => (j === i ? { ...n, ...patch } : n)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...nodes];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  const add = (code: ScenarioNodeInput['nodeCode']) => {
    const next = [...nodes];
    next.splice(insertAt(nodes, code), 0, newNode(code));
    onChange(next);
  };
  const error = (path: string) => tr(props.errors[path] as string | undefined);

  return (
    <Stack gap="sm" data-testid="plan-editor">
      {props.errors.nodes ? (
        <Text c="red" size="sm" data-testid="plan-error">
          {error('nodes')}
        </Text>
      ) : null}
      {STAGES.map((stage) => {
        const rows = nodes.map((n, i) => ({ n, i })).filter(({ n }) => stageOf(n) === stage);
        return (
          <Paper key={stage} withBorder p="sm" data-testid={`plan-stage-${stage}`}>
            <Title order={5} mb="xs">
              {stageName(stage)}
            </Title>
            <Table>
              <Table.Tbody>
                {rows.map(({ n, i }, k) => (
                  <Table.Tr key={n.nodeCode} data-testid={`plan-node-${n.nodeCode}`}>
                    <Table.Td w="30%">
                      <Group gap="xs">
                        <Text size="sm">{nodeName(n.nodeCode, i18n.locale)}</Text>
                        {n.kcp && <Badge size="xs">KCP</Badge>}
                      </Group>
                      {(error(`nodes.${i}.nodeCode`) ?? error(`nodes.${i}.kcp`)) && (
                        <Text c="red" size="xs">
                          {error(`nodes.${i}.nodeCode`) ?? error(`nodes.${i}.kcp`)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        label={n.nodeRequired === NODE_REQUIRED.REQUIRED ? t`必做` : t`可选`}
                        checked={n.nodeRequired === NODE_REQUIRED.REQUIRED}
                        disabled={props.readOnly || MANDATORY_NODES.includes(n.nodeCode) || n.nodeCode === 'PUBLICITY'}
                        onChange={(e) => update(i, { nodeRequired: e.currentTarget.checked ? NODE_REQUIRED.REQUIRED : NODE_REQUIRED.OPTIONAL })}
                        error={error(`nodes.${i}.nodeRequired`)}
                      />
                    </Table.Td>
                    <Table.Td w={180}>
                      {n.dueDays === null && NO_DUE_NODES.includes(n.nodeCode) ? (
                        <Text size="xs" c="dimmed">
                          {n.nodeCode === 'PUBLICITY' ? <Trans>按公示期</Trans> : <Trans>无时限</Trans>}
                        </Text>
                      ) : (
                        <NumberInput
                          size="xs"
                          aria-label={t`办理时限（工作日）`}
                          suffix={t` 工作日`}
                          min={1}
                          max={DUE_DAYS_MAX}
                          // The limit shows as the field's message, as the server would answer it.
                          clampBehavior="none"
                          allowDecimal={false}
                          value={n.dueDays ?? ''}
                          disabled={props.readOnly}
                          onChange={(v) => update(i, { dueDays: typeof v === 'number' ? v : null })}
                          error={error(`nodes.${i}.dueDays`)}
                          data-testid="due-days"
                        />
                      )}
                    </Table.Td>
                    <Table.Td w={110}>
                      {!props.readOnly && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon variant="subtle" aria-label={t`上移`} disabled={k === 0} onClick={() => move(i, -1)}>
                            <IconArrowUp size={16} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" aria-label={t`下移`} disabled={k === rows.length - 1} onClick={() => move(i, 1)}>
                            <IconArrowDown size={16} />
                          </ActionIcon>
                          {!MANDATORY_NODES.includes(n.nodeCode) && (
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t`移除节点`}
                              onClick={() => onChange(nodes.filter((_, j) => j !== i))}
                              data-testid={`remove-node-${n.nodeCode}`}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        );
      })}
      {!props.readOnly && addable.length > 0 && (
        <Select
          w={280}
          placeholder={t`添加节点`}
          aria-label={t`添加节点`}
          data={addable.map((c) => ({ value: c, label: nodeName(c, i18n.locale) }))}
          value={null}
          onChange={(v) => v && add(v as ScenarioNodeInput['nodeCode'])}
          data-testid="add-node"
        />
      )}
    </Stack>
  );
}

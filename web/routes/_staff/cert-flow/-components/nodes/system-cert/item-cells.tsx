import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SystemCertItem } from '#domain/cert-flow/nodes/system-cert.ts';
import { useDictionary } from '#web/forms/index.ts';
import { StaffSelect } from '#web/routes/_staff/cert-flow/-components/staff-select.tsx';
import type { StaffOption } from '#web/api/reference.ts';
import { EXPERT_CONCLUSION_DICT } from '#domain/cert-flow/nodes/system-cert.ts';
import { MaterialsField } from './materials-field.tsx';

/** The assignment of one dimension while the purchasing manager edits the experts. */
export interface ExpertChoice {
  value: StaffOption | null;
  onChange: (value: StaffOption | null) => void;
  error?: React.ReactNode;
}

const score = (n: number | null) => (n === null ? '-' : n.toFixed(2));

/**
 * One dimension as a card: its name, self score and status on top, its fields in a grid below, so
 * each field keeps a readable width at 1440 px instead of sharing one wide table row.
 */
export function DimensionCard(props: { item: SystemCertItem; status: React.ReactNode; highlight?: boolean; children: React.ReactNode }) {
  const { item } = props;
  return (
    <Paper withBorder p="md" data-testid={`system-cert-row-${item.indexCode}`} bg={props.highlight ? 'var(--mantine-color-blue-light)' : undefined}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="lg" wrap="wrap">
            <Title order={5}>{item.indexName}</Title>
            <Text size="sm" c="dimmed">
              <Trans>自评分</Trans>: <Text span fw={500} c="var(--mantine-color-text)">{score(item.selfScore)}</Text>
            </Text>
          </Group>
          {props.status}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
          {props.children}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** A labelled field of a dimension card. */
export function DimensionField({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <Stack gap={4} miw={0}>
      <Text size="xs" fw={600} c="dimmed" data-field-label>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** '已提交' or '未提交' of a dimension's scores. */
export function SubmittedBadge({ submitted }: { submitted: boolean }) {
  return submitted ? (
    <Badge color="green" variant="light">
      <Trans>已提交</Trans>
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      <Trans>未提交</Trans>
    </Badge>
  );
}

/** The review expert of a dimension: a picker while the purchasing manager assigns, else the name. */
export function ExpertField({ item, expert }: { item: SystemCertItem; expert?: ExpertChoice }) {
  const { t } = useLingui();
  return (
    <DimensionField label={<Trans>评审专家</Trans>}>
      {expert ? (
        <StaffSelect label={null} aria-label={t`评审专家`} role="EXPERT" value={expert.value} onChange={expert.onChange} error={expert.error} />
      ) : (
        <Text size="sm">{item.approveExpertId ? `${item.approveExpertName} (${item.approveExpertId})` : '-'}</Text>
      )}
    </DimensionField>
  );
}

/** The scored fields of a dimension as they read for everyone but its own expert. */
export function ReadScoreFields({ item }: { item: SystemCertItem }) {
  const conclusion = useDictionary(EXPERT_CONCLUSION_DICT);
  return (
    <>
      <DimensionField label={<Trans>现场审核指标得分</Trans>}>
        <Stack gap={2}>
          {item.targetList.map((t) => (
            <Text key={t.targetCode} size="sm">
              {t.targetName}: {score(t.score)}
            </Text>
          ))}
        </Stack>
      </DimensionField>
      <DimensionField label={<Trans>风险项</Trans>}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.riskDesc || '-'}
        </Text>
      </DimensionField>
      <DimensionField label={<Trans>专家组结论 / 得分</Trans>}>
        <Text size="sm">
          {item.expertConclusionStatus === null ? '-' : `${conclusion.label(item.expertConclusionStatus)} / ${score(item.expertConclusionScore)}`}
        </Text>
      </DimensionField>
      <DimensionField label={<Trans>材料</Trans>}>
        <MaterialsField value={item.documentList} readOnly />
      </DimensionField>
    </>
  );
}

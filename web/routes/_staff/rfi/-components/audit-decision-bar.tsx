import { Trans } from '@lingui/react/macro';
import { Group, Paper, Text } from '@mantine/core';
import { BELOW_TAB_BAR } from '#web/shell/tab-bar.tsx';
import { DecisionButtons, ReviewRejectDialog, type TaskDecision } from './review-decision.tsx';

/**
 * The decision of a review task, above the questionnaire and sticky under the tab bar, so the reviewer
 * can approve or reject from any step without scrolling past the whole form.
 */
export function AuditDecisionBar({ review }: { review: TaskDecision }) {
  return (
    <Paper withBorder shadow="xs" px="md" py="xs" pos="sticky" top={BELOW_TAB_BAR} style={{ zIndex: 5 }} data-testid="audit-decision">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={500}>
          <Trans>审核结论</Trans>
        </Text>
        <Group gap="xs">
          <DecisionButtons review={review} size="sm" />
        </Group>
      </Group>
      <ReviewRejectDialog review={review} />
    </Paper>
  );
}

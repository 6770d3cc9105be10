import { Trans } from '@lingui/react/macro';
import { Group, Paper, Stack, Title } from '@mantine/core';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import type { CurrentUser } from '#web/api/auth.ts';
import { ChangeLogTable } from '#web/routes/_staff/cert-flow/-components/change-log-table.tsx';
import { DecisionButtons, ReviewRejectDialog, useReviewDecision } from './review-decision.tsx';

interface Props {
  user: CurrentUser;
  flowNo: string;
  taskNo: string;
  /** The route path of this page's tab, closed after a decision. */
  tabPath: string;
}

/**
 * The audit record panel beside the questionnaire (spec 1 §2, spec 2 §2.4): the RFI change log and,
 * for the principal of the in-progress review task, approve and reject.
 */
export function AuditRecordPanel(props: Props) {
  const review = useReviewDecision(props);

  return (
    <Paper withBorder p="md" data-testid="audit-record-panel">
      <Stack>
        <Group justify="space-between">
          <Title order={5}>
            <Trans>审核记录</Trans>
          </Title>
          {review.canDecide && (
            <Group gap="xs">
              <DecisionButtons review={review} size="xs" />
            </Group>
          )}
        </Group>
        <ChangeLogTable relationType={RELATION_TYPE.RFI_LOG} flowNo={props.flowNo} compact />
      </Stack>
      <ReviewRejectDialog review={review} />
    </Paper>
  );
}

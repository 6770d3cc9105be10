import { Stack } from '@mantine/core';
import type { CurrentUser } from '#web/api/auth.ts';
import { QuestionnaireForm } from '#web/rfi/questionnaire-form.tsx';
import { AuditRecordPanel } from './audit-record-panel.tsx';
import { AuditDecisionBar } from './audit-decision-bar.tsx';
import { useReviewDecision } from './review-decision.tsx';
import { MissingParams } from '#web/components/missing-params.tsx';
import type { RfiAuditSearch } from './search.ts';

/**
 * Audit mode: every step readable in any order, the audit record panel beside it and, for the task's
 * principal, the decision in a bar that stays in view (req rfi §2).
 */
export function AuditPage({ user, search, tabPath }: { user: CurrentUser; search: RfiAuditSearch; tabPath: string }) {
  if (!search.id || !search.flowNo || !search.taskNo) return <MissingParams />;
  return <Audit user={user} id={search.id} flowNo={search.flowNo} taskNo={search.taskNo} tabPath={tabPath} />;
}

function Audit(props: { user: CurrentUser; id: string; flowNo: string; taskNo: string; tabPath: string }) {
  const review = useReviewDecision(props);
  return (
    <Stack gap="md">
      {review.canDecide && <AuditDecisionBar review={review} />}
      <QuestionnaireForm mode="audit" id={props.id} sidePanel={<AuditRecordPanel flowNo={props.flowNo} />} />
    </Stack>
  );
}

import type { CurrentUser } from '#web/api/auth.ts';
import { QuestionnaireForm } from '#web/rfi/questionnaire-form.tsx';
import { AuditRecordPanel } from './audit-record-panel.tsx';
import { MissingParams } from '#web/components/missing-params.tsx';
import type { RfiAuditSearch } from './search.ts';

/** Audit mode: every step readable in any order, the audit record panel beside it (spec 1 §2). */
export function AuditPage({ user, search, tabPath }: { user: CurrentUser; search: RfiAuditSearch; tabPath: string }) {
  if (!search.id || !search.flowNo || !search.taskNo) return <MissingParams />;
  return (
    <QuestionnaireForm
      mode="audit"
      id={search.id}
      sidePanel={<AuditRecordPanel user={user} flowNo={search.flowNo} taskNo={search.taskNo} tabPath={tabPath} />}
    />
  );
}

import { QuestionnaireForm } from '#web/rfi/questionnaire-form.tsx';
import { MissingParams } from '#web/components/missing-params.tsx';
import type { RfiApplySearch } from './search.ts';

/** Read-only view of a registered questionnaire (req rfi §2 scm-cspm:register-rfi-detail). */
export function DetailPage({ search }: { search: RfiApplySearch }) {
  if (!search.id) return <MissingParams />;
  return <QuestionnaireForm mode="view" id={search.id} />;
}

import { MissingParams } from './missing-params.tsx';
import type { RfiApplySearch } from './search.ts';
import { StaffQuestionnaire } from './staff-questionnaire.tsx';

/** Read-only view of a registered questionnaire (spec 1 §2 scm-cspm:register-rfi-detail). */
export function DetailPage({ search }: { search: RfiApplySearch }) {
  if (!search.id) return <MissingParams />;
  return <StaffQuestionnaire mode="view" applyNo={search.id} />;
}

import { useNavigate } from '@tanstack/react-router';
import { QuestionnaireForm } from '#web/rfi/questionnaire-form.tsx';
import { tabStore } from '#web/shell/tab-store.ts';
import { MissingParams } from '#web/components/missing-params.tsx';
import type { RfiApplySearch } from './search.ts';

/** Req rfi §4: after submitting an expansion the user returns to the flow list (scm-cspm:register-rfi). */
const FLOW_LIST = '/cert-flow';

/** Expand mode: steps 1–2 read-only, the rest editable, submit returns to the flow list (req rfi §2). */
export function ExpandPage({ search, tabPath }: { search: RfiApplySearch; tabPath: string }) {
  const navigate = useNavigate();
  if (!search.id) return <MissingParams />;
  return (
    <QuestionnaireForm
      mode="expand"
      id={search.id}
      onSubmitted={() => {
        void navigate({ href: FLOW_LIST, replace: true });
        tabStore.close(tabPath);
      }}
    />
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { RFI_STEP_COUNT, type RfiStepKey, type RfiStepNo } from '#domain/rfi/steps.ts';
import { isApiError } from '#web/api/client.ts';
import type { RfiSubmitResult } from '#domain/rfi/questionnaire-contract.ts';
import { rfiQuestionnaireKeys, type RfiSubmitRefusal, saveSection, submitQuestionnaire } from '#web/api/rfi-questionnaire.ts';
import type { QuestionnaireMode } from './modes.ts';
import type { StepDefinition, StepForm } from './step-types.ts';

/** The failing step of a refused submit, with its field errors by dot path. */
export interface SubmitRefusal extends RfiSubmitRefusal {
  errors: Record<string, string>;
}

export interface StepActionsInput<K extends RfiStepKey> {
  mode: QuestionnaireMode;
  id: string;
  def: StepDefinition<K>;
  stepNo: RfiStepNo;
  form: StepForm<K>;
  /** Loads the step's rules (once); `form.validate()` checks nothing before they are there. */
  loadRules: () => Promise<void>;
  version: number;
  /** Nothing of this step is saved or validated (read-only modes, locked steps, a closed questionnaire). */
  readOnly: boolean;
  goTo: (step: RfiStepNo) => void;
  /** Re-reads the step (after Save, or when the stored version moved on). */
  reload: () => Promise<unknown>;
  /** Scrolls to the first field showing an error. */
  revealErrors: () => void;
  onSubmitted: (result: RfiSubmitResult) => void;
  onSubmitRefused: (refusal: SubmitRefusal) => void;
}

/**
 * Req rfi §4 navigation: Next validates (full schema), saves with save=true and advances; Previous
 * saves a draft without validation and goes back; Save saves a draft, reloads it and says '保存成功';
 * Submit (last step) validates, saves, calls submit. Read-only steps only move. The client toasts a
 * refused call's message; here a 400 puts its field errors on the form and a 409 reloads the step.
 */
export function useStepActions<K extends RfiStepKey>(input: StepActionsInput<K>) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { mode, id, def, stepNo, form, version, readOnly } = input;

  const save = useMutation({
    mutationFn: ({ data, next }: { data: RfiSectionValues<K>; next: boolean }) => saveSection(mode, id, def.key, { data, version }, next),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rfiQuestionnaireKeys.currentStep(mode, id) }),
  });
  const submit = useMutation({ mutationFn: () => submitQuestionnaire(mode, id) });

  async function persist(next: boolean, data: RfiSectionValues<K>): Promise<boolean> {
    try {
      await save.mutateAsync({ data, next });
      return true;
    } catch (err) {
      if (isApiError(err) && err.status === 400 && Object.keys(err.fieldErrors).length) {
        form.setErrors(err.fieldErrors);
        input.revealErrors();
      } else if (isApiError(err) && err.status === 409) {
        // Stale version or a questionnaire closed meanwhile: show what is stored now.
        await input.reload();
        notifications.show({ color: 'blue', message: t`问卷已在别处修改，已为您重新加载最新内容` });
      }
      return false;
    }
  }

  async function validated(): Promise<RfiSectionValues<K> | null> {
    await input.loadRules();
    const result = await form.validate();
    if (result.hasErrors) {
      // One message however often Next is pressed: repeated clicks do not stack copies of it.
      notifications.show({ id: 'rfi-fields-marked', color: 'red', message: t`请检查并完善标红的内容`, autoClose: 3000 });
      input.revealErrors();
      return null;
    }
    const values = form.getValues();
    return def.beforeNext ? def.beforeNext(values) : values;
  }

  /** Previous, or a step picked in the step list: a draft save without validation, then the move. */
  async function jump(to: RfiStepNo) {
    if (to === stepNo) return;
    if (!readOnly && !(await persist(false, form.getValues()))) return;
    input.goTo(to);
  }

  return {
    busy: save.isPending || submit.isPending,
    jump,
    async previous() {
      if (stepNo > 1) await jump((stepNo - 1) as RfiStepNo);
    },
    async next() {
      if (stepNo >= RFI_STEP_COUNT) return;
      if (!readOnly) {
        const values = await validated();
        if (!values || !(await persist(true, values))) return;
      }
      input.goTo((stepNo + 1) as RfiStepNo);
    },
    async saveDraft() {
      if (readOnly || !(await persist(false, form.getValues()))) return;
      await input.reload();
      notifications.show({ color: 'green', message: t`保存成功` });
    },
    async submit() {
      if (!readOnly) {
        const values = await validated();
        if (!values || !(await persist(true, values))) return;
      }
      let result: RfiSubmitResult;
      try {
        result = await submit.mutateAsync();
      } catch (err) {
        const refusal = isApiError(err) && err.status === 400 ? (err.data as RfiSubmitRefusal | undefined) : undefined;
        if (refusal?.stepKey) input.onSubmitRefused({ ...refusal, errors: err instanceof Error && isApiError(err) ? err.fieldErrors : {} });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: rfiQuestionnaireKeys.of(mode, id) });
      input.onSubmitted(result);
    },
  };
}

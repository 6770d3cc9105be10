import type { RfiSubmitResult } from '#domain/rfi/questionnaire-contract.ts';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Center, Fieldset, Group, Loader, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { RFI_STEP_COUNT, type RfiStep, type RfiStepKey } from '#domain/rfi/steps.ts';
import type { RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { type RfiSectionRead, sectionQuery } from '#web/api/rfi-questionnaire.ts';
import { FormReadOnlyProvider } from '#web/forms/caller.tsx';
import { useLazyRules } from '#web/hooks/use-lazy-rules.ts';
import { modeSpec, type QuestionnaireMode } from './modes.ts';
import classes from './read-only.module.css';
import { STEP_LABELS } from './step-labels.ts';
import { loadStepDefinition } from './step-registry.tsx';
import type { StepDefinition } from './step-types.ts';
import { type SubmitRefusal, useStepActions } from './use-step-actions.ts';

export interface StepPageProps {
  mode: QuestionnaireMode;
  id: string;
  step: RfiStep;
  /** An upload is running somewhere in the step: the buttons wait for it. */
  uploading: boolean;
  /** Errors of a refused submit, shown when their step opens. */
  pendingErrors: SubmitRefusal | null;
  onPendingShown: () => void;
  goTo: (step: RfiStep['no']) => void;
  /** Set by the open step: how the step list leaves it (a draft save, then the move). */
  jumpRef?: RefObject<((step: RfiStep['no']) => Promise<void>) | null>;
  /** Why staff returned the questionnaire, shown on every step until it is resubmitted. */
  returnReason?: string;
  onSubmitted: (result: RfiSubmitResult) => void;
  onSubmitRefused: (refusal: SubmitRefusal) => void;
}

/**
 * One step: its section read fresh when the step opens (the stored version moves with every save of
 * any step), then the form of that version. A new version (after Save or a reload) starts a new form.
 */
export function StepPage(props: StepPageProps) {
  const { t, i18n } = useLingui();
  const query = useQuery(sectionQuery(props.mode, props.id, props.step.key));
  // The step's form loads beside its section, not before or after it.
  const def = useQuery({
    queryKey: ['rfi-step-form', props.step.key],
    queryFn: () => loadStepDefinition(props.step.key),
    staleTime: Infinity,
    gcTime: Infinity,
    structuralSharing: false,
  });
  const queryClient = useQueryClient();
  const reload = () => queryClient.refetchQueries({ queryKey: sectionQuery(props.mode, props.id, props.step.key).queryKey, exact: true });
  const failed = query.isError ? query : def.isError ? def : null;

  return (
    <Box>
      <Text size="sm" c="dimmed">
        <Trans>
          第 {props.step.no} 步，共 {RFI_STEP_COUNT} 步
        </Trans>
      </Text>
      <Title order={3} mb="md" data-testid="step-title">
        {i18n._(STEP_LABELS[props.step.key])}
      </Title>
      {props.returnReason !== undefined && (
        <Alert color="orange" mb="md" title={<Trans>问卷已退回，请修改后重新提交</Trans>} data-testid="return-reason">
          {props.returnReason}
        </Alert>
      )}
      {failed ? (
        <Alert color="red" title={<Trans>加载失败</Trans>}>
          <Group justify="space-between">
            <Text size="sm">{failed.error?.message}</Text>
            <Button size="xs" variant="light" onClick={() => void failed.refetch()}>
              <Trans>重试</Trans>
            </Button>
          </Group>
        </Alert>
      ) : !query.data || !query.isFetchedAfterMount || !def.data ? (
        <Center mih={240}>
          <Loader aria-label={t`加载中`} />
        </Center>
      ) : (
        <StepEditor key={`${props.step.key}:${query.data.version}`} {...props} def={def.data} read={query.data} reload={reload} />
      )}
    </Box>
  );
}

interface StepEditorProps extends StepPageProps {
  def: StepDefinition<RfiStepKey>;
  read: RfiSectionRead;
  reload: () => Promise<unknown>;
}

function StepEditor({ def, read, reload, ...props }: StepEditorProps) {
  const spec = modeSpec(props.mode);
  const readOnly = !spec.editable || read.readOnly || spec.lockedSteps.includes(def.key);
  // The step's rules (its domain schema, with zod) load when the user first reaches into the form, not
  // before it paints; Next and Submit wait for them (useStepActions), and what is typed meanwhile stays.
  const rules = useLazyRules<RfiSectionValues<RfiStepKey>>(
    useCallback(() => import('./step-rules.ts').then((m) => m.stepRules(def.key, spec.staff)), [def.key, spec.staff]),
  );
  const form = useForm({
    mode: 'controlled',
    initialValues: def.initialValues(read.data as never),
    validate: rules.validate,
    validateInputOnBlur: !readOnly,
  });
  const box = useRef<HTMLDivElement>(null);
  const revealErrors = () =>
    requestAnimationFrame(() => box.current?.querySelector('[aria-invalid="true"], .mantine-InputWrapper-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }));

  const actions = useStepActions({
    mode: props.mode,
    id: props.id,
    def,
    stepNo: props.step.no,
    form,
    loadRules: rules.load,
    version: read.version,
    readOnly,
    goTo: props.goTo,
    reload,
    revealErrors,
    onSubmitted: props.onSubmitted,
    onSubmitRefused: props.onSubmitRefused,
  });

  // The step list leaves this step the way Previous does.
  const { jumpRef } = props;
  useEffect(() => {
    if (!jumpRef) return;
    jumpRef.current = actions.jump;
    return () => {
      jumpRef.current = null;
    };
  });

  // A refused submit names this step: its errors show here.
  const { pendingErrors, onPendingShown } = props;
  useEffect(() => {
    if (pendingErrors?.stepKey !== def.key) return;
    form.setErrors(pendingErrors.errors);
    onPendingShown();
    revealErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal; the form and callbacks are not triggers
  }, [pendingErrors, def.key]);

  const busy = actions.busy || props.uploading;
  const first = props.step.no === 1;
  const last = props.step.no === RFI_STEP_COUNT;
  const Form = def.Form;
  return (
    <Box ref={box} data-rfi-step={def.key} onFocus={readOnly ? undefined : () => void rules.load()}>
      {spec.editable && read.readOnly && (
        <Alert color="blue" mb="md">
          <Trans>问卷已提交，当前仅可查看。</Trans>
        </Alert>
      )}
      <form noValidate onSubmit={(e) => e.preventDefault()}>
        {/* A disabled fieldset makes every input of a read-only step read-only at once; links stay usable. */}
        <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0} className={readOnly ? classes.readOnly : undefined}>
          <FormReadOnlyProvider value={readOnly}>
            <Form form={form} readOnly={readOnly} staff={spec.staff} mode={props.mode} id={props.id} />
          </FormReadOnlyProvider>
        </Fieldset>
      </form>
      <Group justify="flex-end" mt="xl" gap="sm" data-testid="step-buttons">
        {!first && (
          <Button variant="default" disabled={busy} onClick={() => void actions.previous()}>
            <Trans>上一步</Trans>
          </Button>
        )}
        {!readOnly && (
          <Button variant="default" disabled={busy} onClick={() => void actions.saveDraft()}>
            <Trans>保存</Trans>
          </Button>
        )}
        {!last && (
          <Button disabled={busy} loading={actions.busy} onClick={() => void actions.next()}>
            <Trans>下一步</Trans>
          </Button>
        )}
        {last && spec.editable && !read.readOnly && (
          <Button color="green" disabled={busy} loading={actions.busy} onClick={() => void actions.submit()}>
            <Trans>提交</Trans>
          </Button>
        )}
      </Group>
    </Box>
  );
}

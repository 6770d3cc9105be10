import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Center, Flex, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RfiSubmitResult } from '#domain/rfi/questionnaire-contract.ts';
import { clampStep, type RfiStepNo, stepByNo } from '#domain/rfi/steps.ts';
import { questionnaireStepQuery } from '#web/api/rfi-questionnaire.ts';
import { FormCallerProvider, useWorkCounter } from '#web/forms/caller.tsx';
import { modeSpec, type QuestionnaireMode } from './modes.ts';
import { StepList, StepSelect } from './step-list.tsx';
import { StepPage } from './step-page.tsx';
import type { SubmitRefusal } from './use-step-actions.ts';

/** How long the "thanks, leaving the page" message shows before onSubmitted runs. */
const LEAVE_AFTER_MS = 2000;

export interface QuestionnaireFormProps {
  mode: QuestionnaireMode;
  /** temp (register) or applyNo (expand, audit, view). */
  id: string;
  /** Beside the form on wide screens, below it on narrow ones (the audit record panel). */
  sidePanel?: ReactNode;
  /** The step audit and view open at (1 by default); register and expand resume at the current step. */
  initialStep?: RfiStepNo;
  /** After a successful submit and its message: leave the page (login, flow list). */
  onSubmitted?: () => void;
  /**
   * What the page shows once submitted, in place of the thanks and the leave after 2 s: the supplier stays to
   * read what happens next. onSubmitted then runs at once (the session ends) and the page stays.
   */
  afterSubmit?: (result: RfiSubmitResult) => ReactNode;
}

/**
 * The 10-step questionnaire (req rfi §2, §4) in any mode: the side list of steps, the current step's
 * form with Previous/Save/Next/Submit, and an optional side panel.
 */
/** Wide enough for the sidebar, the step list, a step's tables and the 360 px record panel in one row. */
const SIDE_PANEL_BESIDE = '(min-width: 1700px)';

export function QuestionnaireForm(props: QuestionnaireFormProps) {
  const spec = modeSpec(props.mode);
  const resume = useQuery(questionnaireStepQuery(props.mode, props.id));
  // Resuming: a current step already in the cache (read a moment ago) opens at once; otherwise the
  // frame and the step list show while it is read (the supplier's page is rendered so at build).
  const [step, setStep] = useState<RfiStepNo | null>(() =>
    spec.resumes ? (resume.data ? clampStep(Number(resume.data.step)) : null) : (props.initialStep ?? 1),
  );
  const [pending, setPending] = useState<SubmitRefusal | null>(null);
  // The furthest step this questionnaire has reached: the steps up to it are finished and open from the list.
  const [reached, setReached] = useState<number>(0);
  const jump = useRef<((no: RfiStepNo) => Promise<void>) | null>(null);
  const returnReason = spec.supplier ? resume.data?.returnReason : undefined;
  const [submitted, setSubmitted] = useState<RfiSubmitResult | null>(null);
  const work = useWorkCounter();
  const caller = useMemo(
    () => ({ supplier: spec.supplier, uploadPath: spec.uploadPath, beginWork: work.beginWork }),
    [spec.supplier, spec.uploadPath, work.beginWork],
  );

  // Req rfi §4: register and expand open at the step the current-step call names.
  useEffect(() => {
    if (step === null && resume.data) setStep(clampStep(Number(resume.data.step)));
  }, [resume.data, step]);
  useEffect(() => {
    if (step !== null) setReached((r) => Math.max(r, step));
  }, [step]);
  // A returned questionnaire was complete once: every step is finished.
  const finished = (no: RfiStepNo) => spec.freeNavigation || returnReason !== undefined || no <= reached;

  const leave = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(leave.current), []);
  const { t } = useLingui();
  function onSubmitted(result: RfiSubmitResult) {
    setSubmitted(result);
    if (props.afterSubmit) return props.onSubmitted?.();
    notifications.show({ color: 'green', title: t`提交成功`, message: t`感谢您的填写，即将离开本页面` });
    leave.current = setTimeout(() => props.onSubmitted?.(), LEAVE_AFTER_MS);
  }

  function goTo(no: RfiStepNo) {
    setStep(no);
    window.scrollTo({ top: 0 });
  }
  // From the list the open step is left as Previous leaves it (its draft saved); without one, directly.
  const select = (no: RfiStepNo) => void (jump.current ? jump.current(no) : goTo(no));

  const content = (() => {
    if (submitted) return props.afterSubmit ? props.afterSubmit(submitted) : <SubmittedNotice />;
    if (step === null) {
      return resume.isError ? (
        <Alert color="red" title={<Trans>加载失败</Trans>}>
          <Button size="xs" variant="light" onClick={() => void resume.refetch()}>
            <Trans>重试</Trans>
          </Button>
        </Alert>
      ) : (
        <Center mih={240}>
          <Loader />
        </Center>
      );
    }
    return (
      <StepPage
        key={step}
        mode={props.mode}
        id={props.id}
        step={stepByNo(step)}
        uploading={work.busy}
        pendingErrors={pending}
        onPendingShown={() => setPending(null)}
        goTo={goTo}
        jumpRef={jump}
        returnReason={returnReason}
        onSubmitted={onSubmitted}
        onSubmitRefused={(refusal) => {
          setPending(refusal);
          setStep(clampStep(refusal.step));
        }}
      />
    );
  })();

  const panelBeside = useMediaQuery(SIDE_PANEL_BESIDE) ?? false;
  return (
    <FormCallerProvider value={caller}>
      {/* The audit record panel sits beside the form only on very wide screens; below, it follows the
          form, so the step tables keep their width beside the shell's sidebar and the step list. */}
      <Flex direction={panelBeside ? 'row' : 'column'} gap="lg" align="flex-start" data-testid="questionnaire" data-mode={props.mode}>
        <Flex direction={{ base: 'column', md: 'row' }} gap="lg" align="flex-start" style={{ flex: 1, minWidth: 0 }} w="100%">
          {/* Narrow screens: the step page says "step n of 10"; staff pick a step from a select. */}
          <Paper withBorder p="md" w={240} style={{ flexShrink: 0 }} visibleFrom="md">
            <StepList current={step ?? 1} onSelect={select} selectable={finished} disabled={work.busy || submitted !== null} />
          </Paper>
          {spec.freeNavigation && (
            <StepSelect current={step ?? 1} onSelect={setStep} disabled={work.busy || submitted !== null} hiddenFrom="md" w="100%" />
          )}
          <Paper withBorder p="lg" style={{ flex: 1, minWidth: 0 }} w="100%">
            {content}
          </Paper>
        </Flex>
        {props.sidePanel && (
          <Box w={panelBeside ? 360 : '100%'} style={{ flexShrink: 0 }}>
            {props.sidePanel}
          </Box>
        )}
      </Flex>
    </FormCallerProvider>
  );
}

function SubmittedNotice() {
  return (
    <Center mih={280}>
      <Stack align="center" gap="sm">
        <ThemeIcon color="green" size={56} radius="xl">
          <IconCheck size={32} />
        </ThemeIcon>
        <Title order={3}>
          <Trans>提交成功</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>感谢您的填写，即将离开本页面。</Trans>
        </Text>
      </Stack>
    </Center>
  );
}

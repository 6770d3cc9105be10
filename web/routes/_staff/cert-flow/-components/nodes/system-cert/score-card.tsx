import { useMutation } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  conclusionScore,
  EXPERT_CONCLUSION_DICT,
  RISK_DESC_MAX,
  saveScoreRequest,
  SCORE_MAX,
  SCORE_MIN,
  SCORE_SCALE,
  type SystemCertItem,
} from '#domain/cert-flow/nodes/system-cert.ts';
import { DictSelect, NumberField, useStaffUploads, FormCallerProvider } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { isApiError } from '#web/api/client.ts';
import { saveSystemCertScore, type SaveScoreInput } from '#web/api/system-cert.ts';
import { DimensionCard, DimensionField, type ExpertChoice, ExpertField, SubmittedBadge } from './item-cells.tsx';
import { MaterialsField } from './materials-field.tsx';

/**
 * The card of the signed-in expert's own dimension in the score step (req flow §5.8): a score for every
 * audit target (0–100, 2 decimals), the risk item, the conclusion and the materials, checked with the
 * server's schema before sending. The conclusion score is the mean of the target scores.
 */
export function ScoreCard({ flowNo, item, expert, onSaved }: { flowNo: string; item: SystemCertItem; expert?: ExpertChoice; onSaved: () => void }) {
  const { t } = useLingui();
  const uploads = useStaffUploads();
  const form = useForm<SaveScoreInput>({
    initialValues: {
      flowNo,
      indexCode: item.indexCode,
      targetList: item.targetList.map((x) => ({ targetCode: x.targetCode, score: x.score ?? '' })),
      riskDesc: item.riskDesc ?? '',
      expertConclusionStatus: item.expertConclusionStatus,
      documentList: item.documentList,
    },
    validate: zod4Resolver(saveScoreRequest),
  });
  const field = useFieldProps(form);
  const save = useMutation({
    mutationFn: saveSystemCertScore,
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      onSaved();
    },
    onError: (err) => {
      if (!isApiError(err)) return;
      if (Object.keys(err.fieldErrors).length) form.setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  const scores = form.values.targetList.map((x) => Number(x.score));
  const mean = form.values.targetList.every((x) => x.score !== '' && x.score !== null) ? conclusionScore(scores) : null;

  return (
    <DimensionCard
      item={item}
      highlight
      status={
        <Group gap="xs">
          <SubmittedBadge submitted={item.submitted} />
          <Button size="xs" disabled={uploads.busy} loading={save.isPending} onClick={() => form.onSubmit((values) => save.mutate(values))()}>
            {item.submitted ? <Trans>重新提交</Trans> : <Trans>提交</Trans>}
          </Button>
        </Group>
      }
    >
      <ExpertField item={item} expert={expert} />
      <DimensionField label={<Trans>现场审核指标得分</Trans>}>
        <Stack gap={4}>
          {item.targetList.map((target, i) => (
            <NumberField
              key={target.targetCode}
              label={target.targetName}
              size="xs"
              decimals={SCORE_SCALE}
              min={SCORE_MIN}
              max={SCORE_MAX}
              withAsterisk
              {...field(`targetList.${i}.score`)}
            />
          ))}
          {form.errors.targetList && <Badge color="red" variant="light">{String(field('targetList').error)}</Badge>}
        </Stack>
      </DimensionField>
      <DimensionField label={<Trans>风险项</Trans>}>
        <Textarea aria-label={t`风险项`} autosize minRows={3} maxLength={RISK_DESC_MAX} {...field('riskDesc')} />
      </DimensionField>
      <DimensionField label={<Trans>专家组结论 / 得分</Trans>}>
        <DictSelect aria-label={t`专家组结论`} dictType={EXPERT_CONCLUSION_DICT} numeric {...field('expertConclusionStatus')} />
        <Text size="sm">
          <Trans>得分</Trans>: {mean === null ? '-' : mean.toFixed(2)}
        </Text>
      </DimensionField>
      <DimensionField label={<Trans>材料</Trans>}>
        <FormCallerProvider value={uploads.caller}>
          <MaterialsField {...field('documentList')} value={form.values.documentList} onChange={(next) => form.setFieldValue('documentList', next)} />
        </FormCallerProvider>
      </DimensionField>
    </DimensionCard>
  );
}

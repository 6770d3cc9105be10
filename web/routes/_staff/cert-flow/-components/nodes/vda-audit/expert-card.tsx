import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Button, Group, Paper, SimpleGrid, TagsInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { VdaAuditDetail } from '#domain/vda63/audit.ts';
import type { StaffOption } from '#domain/reference-data.ts';
import { isApiError } from '#web/api/client.ts';
import { saveVdaExperts } from '#web/api/standards.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { StaffSelect } from '../../staff-select.tsx';

/**
 * The purchasing manager names an expert per process element and, when P6 is audited, the process steps it is seen in
 * (req flow §10.2); the server's field errors land on their element.
 */
export function ExpertCard({ detail, onSaved }: { detail: VdaAuditDetail; onSaved: () => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const [chosen, setChosen] = useState<Record<string, StaffOption | null>>(() =>
    Object.fromEntries(detail.elements.map((e) => [e.code, e.expertJobNumber ? { jobNumber: e.expertJobNumber, name: e.expertName ?? '' } : null])),
  );
  const [steps, setSteps] = useState<string[]>(detail.steps);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const hasP6 = detail.elements.some((e) => e.code === 'P6');
  const save = useMutation({
    mutationFn: () =>
      saveVdaExperts({
        flowNo: detail.flowNo,
        experts: detail.elements.flatMap((e) => (chosen[e.code] ? [{ element: e.code, jobNumber: chosen[e.code]!.jobNumber }] : [])),
        steps,
      }),
    onSuccess: ({ message }) => {
      setErrors({});
      notifications.show({ color: 'green', message });
      onSaved();
    },
    onError: (err) => {
      if (!isApiError(err)) return;
      setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  return (
    <Paper withBorder p="sm" data-testid="vda-experts">
      <Title order={6} mb="xs">
        <Trans>1. 指定审核专家与工序</Trans>
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {detail.elements.map((e) => (
          <div key={e.code} data-testid={`vda-expert-${e.code}`}>
          <StaffSelect
            label={`${e.code} ${e.name}`}
            role="EXPERT"
            value={chosen[e.code] ?? null}
            onChange={(v) => setChosen((c) => ({ ...c, [e.code]: v }))}
            error={errors.experts && !chosen[e.code] ? tr(errors.experts) : undefined}
            withAsterisk
          />
          </div>
        ))}
      </SimpleGrid>
      {hasP6 && (
        <TagsInput
          mt="sm"
          label={t`P6 审核工序`}
          description={t`输入工序名称后回车，每道工序分别评价 P6 的问题`}
          value={steps}
          onChange={setSteps}
          maxTags={10}
          error={tr(errors.steps)}
          data-testid="vda-steps"
        />
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="light" onClick={() => save.mutate()} loading={save.isPending} data-testid="vda-save-experts">
          <Trans>保存审核专家</Trans>
        </Button>
      </Group>
    </Paper>
  );
}

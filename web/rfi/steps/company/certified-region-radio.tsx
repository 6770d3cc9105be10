import { Group, Radio } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CERTIFIED_REGIONS } from '#domain/rfi/sections/company-limits.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import type { StepForm } from '#web/rfi/step-types.ts';

/** certifiedRegion: 10 mainland, 20 Hong Kong/Macao/Taiwan, 30 overseas (spec 1 §3). */
export function CertifiedRegionRadio({ form, onChange }: { form: StepForm<'company'>; onChange: (region: number) => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const labels: Record<(typeof CERTIFIED_REGIONS)[number], string> = { 10: t`中国大陆`, 20: t`港澳台`, 30: t`海外` };
  const value = form.getValues().certifiedRegion;
  return (
    <Radio.Group
      label={<Trans>认证地区</Trans>}
      withAsterisk
      value={value === null || value === undefined || value === '' ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      error={tr(form.errors.certifiedRegion)}
    >
      <Group gap="lg" mt={4} mih={36}>
        {CERTIFIED_REGIONS.map((r) => (
          <Radio key={r} value={String(r)} label={labels[r]} />
        ))}
      </Group>
    </Radio.Group>
  );
}

import type { ReactNode } from 'react';
import { Group, Radio } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { CERTIFIED_REGIONS } from '#domain/rfi/sections/company-limits.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

/** certifiedRegion: 10 mainland, 20 Hong Kong/Macao/Taiwan, 30 overseas (req rfi §3); the questionnaire's and the apply drawer's. */
export function CertifiedRegionRadio({ value, error, onChange }: { value: unknown; error?: ReactNode; onChange: (region: number) => void }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const labels: Record<(typeof CERTIFIED_REGIONS)[number], string> = { 10: t`中国大陆`, 20: t`港澳台`, 30: t`海外` };
  return (
    <Radio.Group
      label={<Trans>认证地区</Trans>}
      withAsterisk
      value={value === null || value === undefined || value === '' ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      error={tr(error)}
    >
      <Group gap="lg" mt={4} mih={36}>
        {CERTIFIED_REGIONS.map((r) => (
          <Radio key={r} value={String(r)} label={labels[r]} />
        ))}
      </Group>
    </Radio.Group>
  );
}

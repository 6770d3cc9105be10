import type React from 'react';
import { Checkbox, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ELEMENT_NAMES, VDA_ELEMENTS, type VdaElement } from '#domain/vda63/catalogue.ts';
import { PPAP_LEVELS, type PpapLevel } from '#domain/ppap/ppap.ts';
import { DEFAULT_PPAP_LEVEL, DEFAULT_VDA_ELEMENTS, type ScenarioStandards } from '#domain/scenario/standards.ts';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';

interface Props {
  value: ScenarioStandards;
  onChange(v: ScenarioStandards): void;
  errors: Record<string, React.ReactNode>;
  readOnly: boolean;
}

/**
 * The industry standards the scenario's nodes use (req flow §10, §11): system certification as a VDA 6.3 process
 * audit over the chosen elements, sample certification as PPAP at a submission level. Off, the nodes work as before.
 */
export function StandardsCard({ value, onChange, errors, readOnly }: Props) {
  const { i18n, t } = useLingui();
  const tr = useRuleMessage();
  const locale = i18n.locale === 'en' ? 'en' : 'zh';
  const vda = value.vda63;
  const toggle = (element: VdaElement, on: boolean) => {
    const elements = on ? [...(vda?.elements ?? []), element] : (vda?.elements ?? []).filter((e) => e !== element);
    onChange({ ...value, vda63: { elements: VDA_ELEMENTS.filter((e) => elements.includes(e)) } });
  };
  return (
    <Paper withBorder p="sm" data-testid="standards-card">
      <Title order={5} mb="xs">
        <Trans>行业标准</Trans>
      </Title>
      <Stack gap="sm">
        <Switch
          label={t`体系认证采用 VDA 6.3 过程审核`}
          checked={!!vda}
          disabled={readOnly}
          onChange={(e) => onChange({ ...value, vda63: e.currentTarget.checked ? { elements: [...DEFAULT_VDA_ELEMENTS] } : null })}
          data-testid="standard-vda63"
        />
        {vda && (
          <Group gap="md">
            {VDA_ELEMENTS.map((code) => (
              <Checkbox
                key={code}
                label={`${code} ${ELEMENT_NAMES[code][locale]}`}
                checked={vda.elements.includes(code)}
                disabled={readOnly}
                onChange={(e) => toggle(code, e.currentTarget.checked)}
              />
            ))}
          </Group>
        )}
        {(errors['standards.vda63'] || errors['standards.vda63.elements']) && (
          <Text c="red" size="sm">
            {tr((errors['standards.vda63'] ?? errors['standards.vda63.elements']) as string)}
          </Text>
        )}
        <Switch
          label={t`样件认证采用 PPAP 生产件批准`}
          checked={!!value.ppap}
          disabled={readOnly}
          onChange={(e) => onChange({ ...value, ppap: e.currentTarget.checked ? { level: DEFAULT_PPAP_LEVEL } : null })}
          data-testid="standard-ppap"
        />
        {value.ppap && (
          <Select
            w={220}
            label={t`默认提交等级`}
            data={PPAP_LEVELS.map((l) => ({ value: String(l), label: t`等级 ${l}` }))}
            value={String(value.ppap.level)}
            disabled={readOnly}
            allowDeselect={false}
            onChange={(v) => v && onChange({ ...value, ppap: { level: Number(v) as PpapLevel } })}
          />
        )}
        {errors['standards.ppap'] && (
          <Text c="red" size="sm">
            {tr(errors['standards.ppap'] as string)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

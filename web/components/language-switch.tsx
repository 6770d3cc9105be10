import { SegmentedControl } from '@mantine/core';
import { useLingui } from '@lingui/react';
import type { Locale } from '#domain/i18n.ts';
import { switchLocale } from './switch-locale.ts';

/** Switches between 中文 and English; the choice is stored locally (req rfi §1). */
export function LanguageSwitch() {
  const { i18n } = useLingui();
  return (
    <SegmentedControl
      size="xs"
      value={i18n.locale}
      data={[
        { value: 'zh', label: '中文' },
        { value: 'en', label: 'EN' },
      ]}
      onChange={(value) => void switchLocale(value as Locale)}
    />
  );
}

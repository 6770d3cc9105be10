import { SegmentedControl } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Locale } from '#domain/i18n.ts';
import { activateLocale } from '#web/i18n.ts';

/** Switches between 中文 and English; the choice is stored locally (spec 1 §1). */
export function LanguageSwitch() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  return (
    <SegmentedControl
      size="xs"
      value={i18n.locale}
      data={[
        { value: 'zh', label: '中文' },
        { value: 'en', label: 'EN' },
      ]}
      onChange={(value) => void switchLocale(value as Locale, queryClient)}
    />
  );
}

/**
 * Activates a language and refetches what the server translated (labels, messages). Not a write: the
 * language goes with every call, so every cached answer is stale, and the whole cache is invalidated
 * (the one place that does so); what is on screen refetches at once.
 */
export async function switchLocale(locale: Locale, queryClient: QueryClient): Promise<void> {
  await activateLocale(locale, true);
  await queryClient.invalidateQueries({ refetchType: 'active' });
}

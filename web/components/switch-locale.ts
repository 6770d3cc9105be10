import type { Locale } from '#domain/i18n.ts';
import { activateLocale } from '#web/i18n.ts';
import { loadedQueryClient } from '#web/api/query-on-demand.tsx';

/**
 * Activates a language and refetches what the server translated (labels, messages). Not a write: the
 * language goes with every call, so every cached answer is stale, and the whole cache is invalidated
 * (the one place that does so); what is on screen refetches at once. A page that has not loaded Query yet
 * (the supplier login) has nothing cached. Apart from the language switch's SegmentedControl, so the
 * staff user menu does not load that control with the shell.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  await activateLocale(locale, true);
  await loadedQueryClient()?.invalidateQueries({ refetchType: 'active' });
}

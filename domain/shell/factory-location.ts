/**
 * The factory tag (req shell §2.6; req flow §9): a factory location code names one of six workshops. The
 * spec does not show the mapping; these codes and names are the seeded reference data
 * (dictionary factory_location, docs/decisions/0041-list-tools-and-shell-details-1-of-2.md "List tools and shell details").
 */
export const FACTORY_LOCATION_DICT = 'factory_location';

export const FACTORY_LOCATIONS = [
  { code: '1010', zh: '冲压车间', en: 'Stamping shop' },
  { code: '1020', zh: '焊装车间', en: 'Body shop' },
  { code: '1030', zh: '涂装车间', en: 'Paint shop' },
  { code: '1040', zh: '总装车间', en: 'Final assembly shop' },
  { code: '1050', zh: '发动机车间', en: 'Engine shop' },
  { code: '1060', zh: '电池车间', en: 'Battery shop' },
] as const;

/** The tag's text: the workshop's name from the dictionary, the code itself when the code is not in it. */
export function factoryTagText(code: string, entries: readonly { dictKey: string; dictValue: string }[]): string {
  return entries.find((e) => e.dictKey === code)?.dictValue ?? code;
}

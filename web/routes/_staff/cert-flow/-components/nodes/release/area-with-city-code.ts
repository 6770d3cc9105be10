import type { AreaPart } from '#web/forms/area-picker.tsx';
import type { AnyForm } from '#web/forms/index.ts';

/**
 * The `apply` of useAreaField for an address that also keeps the city's code: the picker gives the
 * city as text, so a changed country, province or city drops a code that no longer fits it.
 */
export function applyDroppingCityCode(form: AnyForm, prefix: string, cityCodeKey: string) {
  return (changes: Record<string, unknown>, part: AreaPart) => {
    for (const [key, value] of Object.entries(changes)) form.setFieldValue(`${prefix}.${key}`, value);
    if (part !== 'address') form.setFieldValue(`${prefix}.${cityCodeKey}`, '');
  };
}

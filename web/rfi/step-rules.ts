import { zod4Resolver } from 'mantine-form-zod-resolver';
import { sectionSchema } from '#domain/rfi/sections/index.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import type { FormRules } from '#web/hooks/use-lazy-rules.ts';

/**
 * A step's full rules (req rfi §5) for its form: the domain schema the server applies, through
 * `zod4Resolver`. Loaded apart from the step's form (web/rfi/step-page.tsx), with zod.
 */
export function stepRules<V>(key: RfiStepKey, staff: boolean): FormRules<V> {
  return zod4Resolver(sectionSchema(key, { variant: 'full', staff })) as FormRules<V>;
}

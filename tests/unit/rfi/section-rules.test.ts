import { describe, expect, it } from 'vitest';
import { NOW, validSections } from '../../support/rfi-cases/fixtures.ts';
import { RULE_TABLES } from '../../support/rfi-cases/index.ts';
import { setPath } from '../../support/rfi-cases/table.ts';
import { fieldErrors, sectionSchema } from '#domain/rfi/sections/index.ts';

/** Spec 1 §5, rule by rule: each case names every error it expects (see domain/rfi/cases). */
for (const table of RULE_TABLES) {
  describe(`step ${table.step}`, () => {
    it.each(table.cases.map((c) => [c.it, c] as const))('%s', (_, c) => {
      const section = validSections()[table.step];
      for (const [path, value] of Object.entries(c.set ?? {})) setPath(section, path, value);
      c.edit?.(section);
      const schema = sectionSchema(table.step, { variant: c.variant ?? 'full', staff: c.staff ?? false, now: NOW });
      const result = schema.safeParse(section);
      expect(result.success ? {} : fieldErrors(result.error)).toEqual(c.expect);
    });
  });
}

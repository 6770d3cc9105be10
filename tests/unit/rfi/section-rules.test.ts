import { describe, expect, it } from 'vitest';
import { NOW, validSections } from '../../support/rfi-cases/fixtures.ts';
import { RULE_TABLES } from '../../support/rfi-cases/index.ts';
import { setPath } from '../../support/rfi-cases/table.ts';
import { compiledSectionSchema, fieldErrors, sectionSchema } from '#domain/rfi/sections/index.ts';
import { RFI_STEPS } from '#domain/rfi/steps.ts';

/** Req rfi §5, rule by rule: each case names every error it expects (see domain/rfi/cases). */
for (const table of RULE_TABLES) {
  describe(`step ${table.step}`, () => {
    it.each(table.cases.map((c) => [c.it, c] as const))('%s', (_, c) => {
      const section = validSections()[table.step];
      for (const [path, value] of Object.entries(c.set ?? {})) setPath(section, path, value);
      c.edit?.(section);
      const options = { variant: c.variant ?? 'full', staff: c.staff ?? false, now: NOW } as const;
      const result = sectionSchema(table.step, options).safeParse(section);
      expect(result.success ? {} : fieldErrors(result.error)).toEqual(c.expect);
      // The server's schema (zod's generated parser in front) answers alike: the same errors, or the same value.
      const compiled = compiledSectionSchema(table.step, options).safeParse(section);
      expect(compiled.success ? {} : fieldErrors(compiled.error)).toEqual(c.expect);
      expect(compiled.data).toStrictEqual(result.data);
    });
  });
}

describe("the server's compiled section schemas", () => {
  const cases = RFI_STEPS.flatMap(({ key }) => (['full', 'draft'] as const).flatMap((variant) => [false, true].map((staff) => [`${key} ${variant}${staff ? ' staff' : ''}`, key, variant, staff] as const)));
  it.each(cases)('%s: generated, and parses the fixture section as the runtime schema does', (_, step, variant, staff) => {
    const compiled = compiledSectionSchema(step, { variant, staff, now: NOW });
    // Generated, not fallen back to the runtime schema (zod keeps the runtime parse as fallbackRun).
    expect(compiled._zod.bag).toHaveProperty('fallbackRun');
    const section = validSections()[step];
    const result = compiled.safeParse(section);
    const runtime = sectionSchema(step, { variant, staff, now: NOW }).safeParse(section);
    expect(result.success ? {} : fieldErrors(result.error)).toEqual(runtime.success ? {} : fieldErrors(runtime.error));
    expect(result.data).toStrictEqual(runtime.data);
  });
});

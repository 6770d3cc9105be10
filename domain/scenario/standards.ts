import { z } from 'zod';
import { VDA_ELEMENTS } from '../vda63/catalogue.ts';
import { DEFAULT_PPAP_LEVEL, ppapLevelField, type PpapLevel } from '../ppap/ppap.ts';

/**
 * The industry standards a scenario's nodes may use (req flow §10, §11): SYSTEM_CERT as a VDA 6.3 process audit over
 * the chosen process elements instead of the dimension scores, SAMPLE_CERT as a PPAP submission at a level instead of
 * the reviewer's conclusion. Without them (the seeds' scenarios) the nodes work as before.
 */
export const scenarioStandards = z
  .object({
    vda63: z
      .object({
        elements: z
          .array(z.enum(VDA_ELEMENTS, { error: 'invalidValue' }))
          .min(1, 'vdaElementsNeeded')
          .max(VDA_ELEMENTS.length)
          .transform((list) => VDA_ELEMENTS.filter((e) => list.includes(e))),
      })
      .nullish()
      .transform((v) => v ?? null),
    ppap: z
      .object({ level: ppapLevelField })
      .nullish()
      .transform((v) => v ?? null),
  });
export type ScenarioStandards = { vda63: { elements: (typeof VDA_ELEMENTS)[number][] } | null; ppap: { level: PpapLevel } | null };

export const NO_STANDARDS: ScenarioStandards = { vda63: null, ppap: null };
export const DEFAULT_VDA_ELEMENTS = ['P5', 'P6', 'P7'] as const;
export { DEFAULT_PPAP_LEVEL };

/** A stored value (json, possibly from before the column had content) as the standards. */
export function standardsOf(raw: unknown): ScenarioStandards {
  const parsed = scenarioStandards.safeParse(raw ?? {});
  return parsed.success ? (parsed.data as ScenarioStandards) : NO_STANDARDS;
}

import { z } from 'zod';
import { defineSection } from './define.ts';
import { fileName, fileUrl, rows, text } from './kit.ts';

/**
 * Step 9: development capability in two blocks, structure and electronicAppliances (req rfi §3, §5):
 * text fields up to 50 characters, needTime up to 10. The requirements require nothing here; a block has at
 * most 20 steps.
 */

export const DEVELOP_STEPS_MAX = 20;

const stepRow = z.object({
  step: text(50),
  stepDesc: text(50),
  needTime: text(10),
  methodRealize: text(50),
});

const block = z
  .object({
    developSoftware: text(50),
    developDevice: text(50),
    technologyIntroduction: text(50),
    productDevelopLocation: text(50),
    steps: rows(stepRow, DEVELOP_STEPS_MAX),
    exampleFileUrl: fileUrl,
    exampleName: fileName,
  })
  .nullish()
  .transform((v) => v ?? { steps: [] });

const shape = () => z.object({ structure: block, electronicAppliances: block });

export type DevelopStep = z.output<typeof stepRow>;
export type DevelopBlock = z.output<typeof block>;
export type DevelopmentSection = z.output<ReturnType<typeof shape>>;

export const development = defineSection({
  shape,
  fullRules() {},
});

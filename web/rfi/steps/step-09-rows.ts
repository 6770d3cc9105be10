import { DEVELOP_STEPS_MAX, type RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { over, rowsOver } from './step-fill.ts';

/**
 * Step 9 (development capability) as the form holds it (req rfi §3, §5): two blocks of the same shape,
 * structure and electronicAppliances, each with its development steps and an example file.
 */

export type DevelopmentValues = RfiSectionValues<'development'>;
export type DevelopBlockKey = 'structure' | 'electronicAppliances';
type DevelopBlockValues = NonNullable<DevelopmentValues['structure']>;
export type DevelopStepFormRow = NonNullable<DevelopBlockValues['steps']>[number];

/** The requirements ask for no development field; a block keeps one steps row to write in, at most 20. */
export const DEVELOP_STEP_ROWS = { min: 1, max: DEVELOP_STEPS_MAX } as const;

export function emptyDevelopStep(): DevelopStepFormRow {
  return { step: '', stepDesc: '', needTime: '', methodRealize: '' };
}

function emptyDevelopBlock(): DevelopBlockValues {
  return {
    developSoftware: '',
    developDevice: '',
    technologyIntroduction: '',
    productDevelopLocation: '',
    steps: [emptyDevelopStep()],
    exampleFileUrl: '',
    exampleName: '',
  };
}

function prepareBlock(block: DevelopBlockValues | null | undefined): DevelopBlockValues {
  const b = over(emptyDevelopBlock(), block);
  return { ...b, steps: rowsOver(emptyDevelopStep, b.steps, DEVELOP_STEP_ROWS.min) };
}

export function prepareDevelopment(values: DevelopmentValues | null | undefined): DevelopmentValues {
  return { structure: prepareBlock(values?.structure), electronicAppliances: prepareBlock(values?.electronicAppliances) };
}

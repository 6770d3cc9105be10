import type { ComponentType } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import type { RfiSection, RfiSectionValues } from '#domain/rfi/sections/index.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import type { QuestionnaireMode } from './modes.ts';

/** The Mantine form of one step, holding the section as its inputs do ('' and null = not given). */
export type StepForm<K extends RfiStepKey> = UseFormReturnType<RfiSectionValues<K>>;

/**
 * What a step's form component receives from QuestionnaireForm. The page owns the form (values loaded
 * from the section call, `full` schema validation, saving); the component renders the fields and
 * applies the req rfi §4 dependencies through `form.setValues`/`setFieldValue`.
 */
export interface StepFormProps<K extends RfiStepKey> {
  form: StepForm<K>;
  /** The whole step is read-only (audit, view, expand steps 1–2, a submitted questionnaire). */
  readOnly: boolean;
  /** A staff mode: staff-only fields show (supplierShortName, the longer legalName). */
  staff: boolean;
  mode: QuestionnaireMode;
  /** temp (register) or applyNo: for the step's own reads (e.g. the flow's categories). */
  id: string;
}

/** One step of the registry (web/rfi/step-registry.ts). */
export interface StepDefinition<K extends RfiStepKey> {
  key: K;
  Form: ComponentType<StepFormProps<K>>;
  /** The form's values from the loaded section (null when never saved), every input defined. */
  initialValues: (data: RfiSection<K> | RfiSectionValues<K> | null) => RfiSectionValues<K>;
  /** Applied to the values before Next saves them (e.g. req rfi §4 emptied factory lists). */
  beforeNext?: (values: RfiSectionValues<K>) => RfiSectionValues<K>;
}

export function defineStep<K extends RfiStepKey>(def: StepDefinition<K>): StepDefinition<K> {
  return def;
}

/*
 * Registering a step: its module `web/rfi/steps/step-NN-<name>.tsx` exports
 *   export const factoriesStep = defineStep({ key: 'factories', Form: FactoriesForm, initialValues: prepareFactories });
 * and web/rfi/step-registry.tsx names that module for the step key.
 */

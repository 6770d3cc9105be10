import type { UseFormReturnType } from '@mantine/form';
import type { ReleaseValues } from './release-values.ts';

/** The Mantine form of the release form. */
export type ReleaseFormApi = UseFormReturnType<ReleaseValues>;

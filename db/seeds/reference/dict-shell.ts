import { FACTORY_LOCATION_DICT, FACTORY_LOCATIONS } from '#domain/shell/factory-location.ts';
import { e, type DictSeed } from './dict-types.ts';

/** The shell's reference data: the six workshops a factory location code names (req shell §2.6 factory tag). */
export const SHELL_DICTS: DictSeed = {
  [FACTORY_LOCATION_DICT]: FACTORY_LOCATIONS.map((l) => e(l.code, l.zh, l.en)),
};

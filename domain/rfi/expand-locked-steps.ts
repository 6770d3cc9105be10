import type { RfiStepKey } from './steps.ts';

/** Expand mode (req rfi §2, §7): steps 1 and 2 are the admitted supplier's; read-only, saves do nothing. */
export const EXPAND_LOCKED_STEPS: readonly RfiStepKey[] = ['company', 'contacts'];

import { withParams } from '#domain/messages.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';

/** A rule table of req rfi §5: each case changes a valid section and names every error it expects. */
interface RuleCase {
  it: string;
  /** Values set by dot path on a fresh valid section (`factoryList.0.baseName`). */
  set?: Record<string, unknown>;
  /** Any other change of the fresh valid section. */
  edit?: (section: Section) => void;
  staff?: boolean;
  variant?: 'full' | 'draft';
  /** Every field error of the parse by dot path; {} means the section passes. */
  expect: Record<string, string>;
}

/** Test data of any shape. */
export type Section = Record<string, any>;

export interface RuleTable {
  step: RfiStepKey;
  cases: RuleCase[];
}

export const maxLength = (max: number) => withParams('maxLength', { max });
export const minValue = (min: number) => withParams('minValue', { min });
export const maxValue = (max: number) => withParams('maxValue', { max });
export const maxDecimals = (scale: number) => withParams('maxDecimals', { scale });
export const minRows = (min: number) => withParams('minRows', { min });
export const maxRows = (max: number) => withParams('maxRows', { max });
export const chars = (n: number, c = 'x') => c.repeat(n);
export const times = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

export function setPath(target: Section, path: string, value: unknown): void {
  const keys = path.split('.');
  let node: Section = target;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys[keys.length - 1]] = value;
}

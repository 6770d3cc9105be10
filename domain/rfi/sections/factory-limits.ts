import { rowsOf } from './define.ts';

/** Step 6's limits and req rfi §4 normalisation apart from its zod schema (factories.ts re-exports them), for the form before the schema loads. */

export const FACTORY_ROWS = { min: 1, max: 10 } as const;
export const PRODUCT_LINE_ROWS = { min: 1, max: 10 } as const;
export const EMPLOYEE_COUNT_MAX = 9_999_999_999;

/** Req rfi §4: a factory with a factoryCode is already admitted. */
export function hasAdmittedFactory(factoryList: unknown): boolean {
  return rowsOf(factoryList).some((r) => typeof r.factoryCode === 'string' && r.factoryCode.trim() !== '');
}

interface FactoryValues {
  holdFactory?: boolean | null;
  holdProductLine?: boolean | null;
  factoryList?: unknown[] | null;
  qaFactoryList?: unknown[] | null;
  productLineList?: unknown[] | null;
}

/**
 * Req rfi §4: an admitted factory forces holdFactory true; holdFactory false empties the factory
 * lists. holdProductLine false likewise empties the product lines, which are then not asked for.
 */
export function normaliseFactories<T extends FactoryValues>(v: T): T {
  const holdFactory = hasAdmittedFactory(v.factoryList) ? true : v.holdFactory;
  return {
    ...v,
    holdFactory,
    ...(holdFactory === false ? { factoryList: [], qaFactoryList: [] } : {}),
    ...(v.holdProductLine === false ? { productLineList: [] } : {}),
  };
}

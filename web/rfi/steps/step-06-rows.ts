import { FACTORY_ROWS, hasAdmittedFactory, PRODUCT_LINE_ROWS, type RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { normaliseFactories } from '#domain/rfi/dependencies.ts';
import { over, rowsOver } from './step-fill.ts';

/**
 * Step 6 (factories and product lines) as the form holds it: empty rows, the admitted-factory lock and
 * the hold switches of req rfi §4. Pure, so the rules are testable without a browser.
 */

export type FactoriesValues = RfiSectionValues<'factories'>;
type List<K extends keyof FactoriesValues> = NonNullable<FactoriesValues[K]>;
export type FactoryFormRow = List<'factoryList'>[number];
export type ProductLineFormRow = List<'productLineList'>[number];

export { FACTORY_ROWS, PRODUCT_LINE_ROWS };

export function emptyFactoryRow(): FactoryFormRow {
  return {
    baseName: '',
    countryCode: null,
    countryName: '',
    provinceCode: null,
    provinceName: '',
    city: '',
    address: '',
    factoryArea: '',
    constructionArea: '',
    employeeCount: '',
    totalUtilizationRate: '',
    shift: '',
    product: '',
    factoryCode: '',
  };
}

export function emptyProductLineRow(): ProductLineFormRow {
  return {
    productLine: '',
    businessGroup: '',
    baseName: '',
    shipments: '',
    utilizationRate: '',
    salesProportion: '',
    productYield: '',
    topFiveCustomers: '',
    remark: '',
  };
}

export function isAdmittedFactory(row: unknown): boolean {
  return hasAdmittedFactory([row]);
}

/** Req rfi §4: an admitted factory forces holdFactory to true and locks the answer. */
export const holdFactoryLocked = (values: FactoriesValues) => hasAdmittedFactory(values.factoryList);

/**
 * The values as the form shows them: an admitted factory sets holdFactory, and a list that is asked
 * for holds at least its one row (its delete button is disabled at one row).
 */
export function prepareFactories(values: FactoriesValues | null | undefined): FactoriesValues {
  const v = over<FactoriesValues>({ holdFactory: null, holdProductLine: null, factoryList: [], qaFactoryList: [], productLineList: [] }, values);
  const holdFactory = hasAdmittedFactory(v.factoryList) ? true : v.holdFactory;
  return {
    ...v,
    holdFactory,
    factoryList: rowsOver(emptyFactoryRow, v.factoryList, holdFactory === true ? FACTORY_ROWS.min : 0),
    qaFactoryList: rowsOver(emptyFactoryRow, v.qaFactoryList),
    productLineList: rowsOver(emptyProductLineRow, v.productLineList, v.holdProductLine === true ? PRODUCT_LINE_ROWS.min : 0),
  };
}

/** A yes answer brings back one row to fill; a no answer only hides the rows until Next empties them. */
export function onHoldFactoryChange(values: FactoriesValues, holdFactory: boolean | null): FactoriesValues {
  if (holdFactoryLocked(values)) return values;
  return prepareFactories({ ...values, holdFactory });
}

export function onHoldProductLineChange(values: FactoriesValues, holdProductLine: boolean | null): FactoriesValues {
  return prepareFactories({ ...values, holdProductLine });
}

/** What Next saves (req rfi §4): holdFactory false empties the factory lists, holdProductLine false the lines. */
export const factoriesForNext = (values: FactoriesValues): FactoriesValues => normaliseFactories(values);

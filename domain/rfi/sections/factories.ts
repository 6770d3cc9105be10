import { z } from 'zod';
import type { MessageId } from '../../messages.ts';
import { addressFields, checkAddress, REGISTERED_ADDRESS } from './address.ts';
import { defineSection, type Issues, rowsOf } from './define.ts';
import { bool, code, codeList, num, rows, text } from './kit.ts';
import { EMPLOYEE_COUNT_MAX, FACTORY_ROWS, hasAdmittedFactory, normaliseFactories, PRODUCT_LINE_ROWS } from './factory-limits.ts';

export { EMPLOYEE_COUNT_MAX, FACTORY_ROWS, hasAdmittedFactory, normaliseFactories, PRODUCT_LINE_ROWS };

/**
 * Step 6: factories and product lines (req rfi §3, §4, §5). A factory row carries its address with the
 * keys of the company's registered address. qaFactoryList has the factory row's shape and only its
 * types are checked: the requirements name no rule for it. categorys is the flow's category codes, sent back
 * as read.
 */

export const factoryRow = z.object({
  baseName: text(30),
  ...addressFields,
  factoryArea: text(10),
  constructionArea: text(10),
  employeeCount: num({ min: 0, max: EMPLOYEE_COUNT_MAX }),
  totalUtilizationRate: text(10),
  shift: text(10),
  product: text(50),
  /** Present for factories already admitted; such a factory locks holdFactory to true. */
  factoryCode: code,
});

const productLineRow = z.object({
  productLine: text(30),
  businessGroup: text(30),
  baseName: text(30),
  shipments: text(10),
  utilizationRate: text(10),
  salesProportion: text(10),
  productYield: text(10),
  topFiveCustomers: text(50),
  remark: text(50),
});

const shape = () =>
  z.object({
    holdFactory: bool(),
    holdProductLine: bool(),
    factoryList: rows(factoryRow, FACTORY_ROWS.max),
    qaFactoryList: rows(factoryRow, FACTORY_ROWS.max),
    productLineList: rows(productLineRow, PRODUCT_LINE_ROWS.max),
    version: num({ min: 0, max: 2_147_483_647 }),
    categorys: codeList(200),
  });

export type FactoryRow = z.output<typeof factoryRow>;
export type ProductLineRow = z.output<typeof productLineRow>;
export type FactoriesSection = z.output<ReturnType<typeof shape>>;

const FACTORY_REQUIRED: Record<string, MessageId> = {
  baseName: 'enterBaseName',
  factoryArea: 'enterFactoryArea',
  constructionArea: 'enterConstructionArea',
  employeeCount: 'enterEmployeeCount',
  totalUtilizationRate: 'enterTotalUtilizationRate',
  shift: 'enterShift',
  product: 'enterMainProduct',
};

const PRODUCT_LINE_REQUIRED: Record<string, MessageId> = {
  productLine: 'required',
  baseName: 'required',
  shipments: 'required',
  utilizationRate: 'required',
  salesProportion: 'required',
  productYield: 'required',
  topFiveCustomers: 'required',
};

export const factories = defineSection({
  shape,
  fullRules(v, issues) {
    const holdFactory = v.holdFactory === true || hasAdmittedFactory(v.factoryList);
    if (!holdFactory) issues.require(v.holdFactory, ['holdFactory']);
    issues.require(v.holdProductLine, ['holdProductLine']);
    if (holdFactory) checkFactories(v.factoryList, issues);
    if (v.holdProductLine === true) {
      issues.minRows(v.productLineList, ['productLineList'], PRODUCT_LINE_ROWS.min);
      rowsOf(v.productLineList).forEach((row, i) => issues.requireAll(row, ['productLineList', i], PRODUCT_LINE_REQUIRED));
    }
  },
  finish: normaliseFactories,
});

/** What a factory row requires after its name and address, in the order the form shows them. */
const { baseName: _, ...FACTORY_REQUIRED_REST } = FACTORY_REQUIRED;

function checkFactories(list: unknown, issues: Issues): void {
  issues.minRows(list, ['factoryList'], FACTORY_ROWS.min);
  rowsOf(list).forEach((row, i) => {
    issues.require(row.baseName, ['factoryList', i, 'baseName'], FACTORY_REQUIRED.baseName);
    checkAddress(issues, row, REGISTERED_ADDRESS, ['factoryList', i]);
    issues.requireAll(row, ['factoryList', i], FACTORY_REQUIRED_REST);
  });
}

import { chars, maxLength, maxRows, maxValue, minValue, type RuleTable, times } from './table.ts';
import { validSections } from './fixtures.ts';

const bigCustomer = () => validSections().sales.bigCustomerList[0];

/** Req rfi §5 "Finance (step 3)". */
export const financeRules: RuleTable = {
  step: 'finance',
  cases: [
    { it: 'takes 15-digit amounts', set: { 'financeList.0.lastYear': 999_999_999_999_999, 'financeList.0.beforeLastYear': '999999999999999' }, expect: {} },
    { it: 'refuses 16-digit amounts', set: { 'financeList.0.lastYear': 1_000_000_000_000_000 }, expect: { 'financeList.0.lastYear': maxValue(999_999_999_999_999) } },
    { it: 'takes a 15-digit loss', set: { 'financeList.1.lastYear': -999_999_999_999_999 }, expect: {} },
    { it: 'refuses a 16-digit loss', set: { 'financeList.1.lastYear': '-1000000000000000' }, expect: { 'financeList.1.lastYear': minValue(-999_999_999_999_999) } },
    { it: 'wants whole numbers', set: { 'financeList.0.lastYear': 1.5 }, expect: { 'financeList.0.lastYear': 'integerOnly' } },
    { it: 'refuses text as an amount', set: { 'financeList.0.lastYear': '12万' }, expect: { 'financeList.0.lastYear': 'invalidNumber' } },
    { it: 'takes empty amounts', set: { 'financeList.0.lastYear': '', 'financeList.0.beforeLastYear': null }, expect: {} },
    { it: 'needs the row code', set: { 'financeList.0.statisticCode': '' }, expect: { 'financeList.0.statisticCode': 'required' } },
    { it: 'refuses a repeated row', set: { 'financeList.1.statisticCode': 'TOTAL_ASSETS' }, expect: { 'financeList.1.statisticCode': 'duplicateRow|{"code":"TOTAL_ASSETS"}' } },
  ],
};

/** Req rfi §5 "Sales and key customers (step 4)". */
export const salesRules: RuleTable = {
  step: 'sales',
  cases: [
    { it: 'takes 0 and 9999999999', set: { 'saleList.0.currentYear': 0, 'saleList.0.lastYear': 9_999_999_999 }, expect: {} },
    { it: 'refuses 10000000000', set: { 'saleList.0.lastYear': 10_000_000_000 }, expect: { 'saleList.0.lastYear': maxValue(9_999_999_999) } },
    { it: 'refuses a negative sales number', set: { 'saleList.0.beforeLastYear': -1 }, expect: { 'saleList.0.beforeLastYear': minValue(0) } },
    { it: 'wants whole sales numbers', set: { 'saleList.0.currentYear': 10.5 }, expect: { 'saleList.0.currentYear': 'integerOnly' } },
    { it: 'takes a remark of 50', set: { 'saleList.0.remark': chars(50) }, expect: {} },
    { it: 'refuses a remark of 51', set: { 'saleList.0.remark': chars(51) }, expect: { 'saleList.0.remark': maxLength(50) } },
    { it: 'takes no big customer', set: { bigCustomerList: [] }, expect: {} },
    { it: 'takes 10 big customers', set: { bigCustomerList: times(10, bigCustomer) }, expect: {} },
    { it: 'refuses 11 big customers', set: { bigCustomerList: times(11, bigCustomer) }, expect: { bigCustomerList: maxRows(10) } },
    { it: 'takes customer and material names of 20', set: { 'bigCustomerList.0.customerName': chars(20), 'bigCustomerList.0.materialName': chars(20) }, expect: {} },
    {
      it: 'refuses customer and material names of 21',
      set: { 'bigCustomerList.0.customerName': chars(21), 'bigCustomerList.0.materialName': chars(21) },
      expect: { 'bigCustomerList.0.customerName': maxLength(20), 'bigCustomerList.0.materialName': maxLength(20) },
    },
    {
      it: 'bounds the sales and rate fields at 9999999999',
      set: { 'bigCustomerList.0.lastSales': 9_999_999_999, 'bigCustomerList.0.currentSalesRate': 10_000_000_000, 'bigCustomerList.0.currentSupporting': 1.5 },
      expect: { 'bigCustomerList.0.currentSalesRate': maxValue(9_999_999_999), 'bigCustomerList.0.currentSupporting': 'integerOnly' },
    },
    { it: 'takes supporting rates of 0 and 100', set: { 'bigCustomerList.0.lastSupportingRate': 0, 'bigCustomerList.0.currentSupportingRate': 100 }, expect: {} },
    {
      it: 'refuses supporting rates of -0.01 and 100.01',
      set: { 'bigCustomerList.0.lastSupportingRate': -0.01, 'bigCustomerList.0.currentSupportingRate': 100.01 },
      expect: { 'bigCustomerList.0.lastSupportingRate': minValue(0), 'bigCustomerList.0.currentSupportingRate': maxValue(100) },
    },
  ],
};

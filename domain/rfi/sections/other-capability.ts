import { z } from 'zod';
import { defineSection, rowsOf, uniqueBy } from './define.ts';
import { bool, code, date, fileName, fileUrl, num, rows, text } from './kit.ts';

/**
 * Step 8: other capabilities (req rfi §3, §5). manpowerList holds one row of the seven head counts;
 * manpowerRemark sits beside it. Device rows: text fields 30, remarks 50, quantity a whole number,
 * purchaseDate yyyy-MM-dd; the requirements require no device field, only 1 to 10 rows. Mold and IT rows
 * come from dictionaries mold_ability and it_ability; each needs its yes/no answer.
 */

export const HEAD_COUNT_MAX = 9_999_999_999;
export const DEVICE_ROWS = { min: 1, max: 10 } as const;
export const EXAMPLE_ROWS_MAX = 10;
export const CAPABILITY_ROWS_MAX = 30;
export const MANPOWER_FIELDS = [
  'directNumber',
  'indirectNumber',
  'qualityAssuranceNumber',
  'qualityControlNumber',
  'manufactureNumber',
  'developNumber',
  'projectNumber',
] as const;

const headCount = () => num({ min: 0, max: HEAD_COUNT_MAX });
const quantity = () => num({ min: 0, max: HEAD_COUNT_MAX });

const manpowerRow = z.object(Object.fromEntries(MANPOWER_FIELDS.map((f) => [f, headCount()])) as Record<(typeof MANPOWER_FIELDS)[number], ReturnType<typeof headCount>>);

const productionDeviceRow = z.object({
  functionType: text(30),
  functionDesc: text(30),
  brand: text(30),
  model: text(30),
  quantity: quantity(),
  purchaseDate: date(),
  utilizationRate: text(30),
  remark: text(50),
});

const invalidDeviceRow = z.object({
  functionDesc: text(30),
  brand: text(30),
  model: text(30),
  quantity: quantity(),
  purchaseDate: date(),
  usageRate: text(30),
  remark: text(50),
});

const capableRow = z.object({ capableCode: code, have: bool(), remark: text(50) });

const exampleRow = z.object({
  /** Dictionary sample_file_types. */
  exampleType: code,
  exampleName: fileName,
  exampleFileUrl: fileUrl,
});

const shape = () =>
  z.object({
    manpowerList: rows(manpowerRow, 1),
    manpowerRemark: text(200),
    productionDeviceList: rows(productionDeviceRow, DEVICE_ROWS.max),
    invalidDeviceList: rows(invalidDeviceRow, DEVICE_ROWS.max),
    moldCapableList: rows(capableRow, CAPABILITY_ROWS_MAX),
    itCapableList: rows(capableRow, CAPABILITY_ROWS_MAX),
    exampleList: rows(exampleRow, EXAMPLE_ROWS_MAX),
  });

export type ManpowerRow = z.output<typeof manpowerRow>;
export type ProductionDeviceRow = z.output<typeof productionDeviceRow>;
export type InvalidDeviceRow = z.output<typeof invalidDeviceRow>;
export type CapableRow = z.output<typeof capableRow>;
export type ExampleRow = z.output<typeof exampleRow>;
export type OtherCapabilitySection = z.output<ReturnType<typeof shape>>;

export const otherCapability = defineSection({
  shape,
  fullRules(v, issues) {
    issues.minRows(v.manpowerList, ['manpowerList'], 1);
    rowsOf(v.manpowerList).forEach((row, i) => issues.requireAll(row, ['manpowerList', i], Object.fromEntries(MANPOWER_FIELDS.map((f) => [f, 'required']))));
    issues.minRows(v.productionDeviceList, ['productionDeviceList'], DEVICE_ROWS.min);
    issues.minRows(v.invalidDeviceList, ['invalidDeviceList'], DEVICE_ROWS.min);
    for (const list of ['moldCapableList', 'itCapableList'] as const) {
      rowsOf(v[list]).forEach((row, i) => issues.requireAll(row, [list, i], { capableCode: 'required', have: 'required' }));
      uniqueBy(issues, v[list], list, 'capableCode');
    }
    rowsOf(v.exampleList).forEach((row, i) => {
      if (typeof row.exampleType === 'string' && row.exampleType) issues.require(row.exampleFileUrl, ['exampleList', i, 'exampleFileUrl'], 'uploadFile');
    });
    uniqueBy(issues, v.exampleList, 'exampleList', 'exampleType', 'duplicateExampleType');
  },
});

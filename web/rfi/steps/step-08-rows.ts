import { DEVICE_ROWS, EXAMPLE_ROWS_MAX, MANPOWER_FIELDS, type RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { over, rowsOver } from './step-fill.ts';

/**
 * Step 8 (other capabilities) as the form holds it (req rfi §3, §5): the one manpower row, the two
 * device tables, the mold and IT capability lists built from their dictionaries, and the example files.
 */

export type OtherCapabilityValues = RfiSectionValues<'otherCapability'>;
type List<K extends keyof OtherCapabilityValues> = NonNullable<OtherCapabilityValues[K]>;
type ManpowerFormRow = List<'manpowerList'>[number];
export type ProductionDeviceFormRow = List<'productionDeviceList'>[number];
export type InvalidDeviceFormRow = List<'invalidDeviceList'>[number];
export type CapableFormRow = List<'moldCapableList'>[number];
export type ExampleFormRow = List<'exampleList'>[number];
export type CapabilityListKey = 'moldCapableList' | 'itCapableList';

export { DEVICE_ROWS, EXAMPLE_ROWS_MAX, MANPOWER_FIELDS };

/** The dictionary behind each capability list (req rfi §3). */
export const CAPABILITY_DICTS: Record<CapabilityListKey, string> = { moldCapableList: 'mold_ability', itCapableList: 'it_ability' };
export const EXAMPLE_TYPE_DICT = 'sample_file_types';

function emptyManpowerRow(): ManpowerFormRow {
  return Object.fromEntries(MANPOWER_FIELDS.map((f) => [f, ''])) as ManpowerFormRow;
}

export function emptyProductionDevice(): ProductionDeviceFormRow {
  return { functionType: '', functionDesc: '', brand: '', model: '', quantity: '', purchaseDate: '', utilizationRate: '', remark: '' };
}

export function emptyInvalidDevice(): InvalidDeviceFormRow {
  return { functionDesc: '', brand: '', model: '', quantity: '', purchaseDate: '', usageRate: '', remark: '' };
}

export function emptyExampleRow(): ExampleFormRow {
  return { exampleType: null, exampleName: '', exampleFileUrl: '' };
}

/**
 * One row per dictionary entry, in the dictionary's order, keeping the answers already given; saved
 * rows whose code left the dictionary stay at the end so no answer is lost silently.
 */
export function mergeCapabilities(codes: readonly string[], saved: readonly CapableFormRow[] | null | undefined): CapableFormRow[] {
  const byCode = new Map((saved ?? []).filter((r) => r.capableCode).map((r) => [r.capableCode as string, r]));
  const rows = codes.map((code) => {
    const old = byCode.get(code);
    return { capableCode: code, have: old?.have ?? null, remark: old?.remark ?? '' };
  });
  const extra = (saved ?? []).filter((r) => !r.capableCode || !codes.includes(r.capableCode));
  return [...rows, ...extra];
}

/** Whether the list already holds exactly the dictionary's codes in its order (no rewrite needed). */
export function capabilitiesMatch(codes: readonly string[], list: readonly CapableFormRow[] | null | undefined): boolean {
  const current = (list ?? []).map((r) => r.capableCode ?? '');
  return codes.every((c, i) => current[i] === c);
}

/** Req rfi §5: an example type may appear in one row only; the types taken by the other rows. */
export function typesTakenElsewhere(list: readonly ExampleFormRow[], index: number): Set<string> {
  return new Set(list.flatMap((r, i) => (i !== index && r.exampleType ? [r.exampleType] : [])));
}

/** Every list shows at least the rows it needs: one manpower row, one row per device table. */
export function prepareOtherCapability(values: OtherCapabilityValues | null | undefined): OtherCapabilityValues {
  const v = over<OtherCapabilityValues>({ manpowerRemark: '' }, values);
  const capable = () => ({ capableCode: null, have: null, remark: '' }) as CapableFormRow;
  return {
    ...v,
    manpowerList: rowsOver(emptyManpowerRow, v.manpowerList, 1),
    productionDeviceList: rowsOver(emptyProductionDevice, v.productionDeviceList, DEVICE_ROWS.min),
    invalidDeviceList: rowsOver(emptyInvalidDevice, v.invalidDeviceList, DEVICE_ROWS.min),
    moldCapableList: rowsOver(capable, v.moldCapableList),
    itCapableList: rowsOver(capable, v.itCapableList),
    exampleList: rowsOver(emptyExampleRow, v.exampleList, 1),
  };
}

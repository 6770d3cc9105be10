import type { ReleaseForm } from './release/release-form.ts';
import { CHINA } from './rfi/sections/address.ts';
import { CERTIFIED_REGION } from './rfi/sections/company.ts';

/**
 * The supplier master of an accepted supplier, as admission stores it (`supplier.master`): the approved
 * release form without the flow's own documents, every factory with its factory code. It is the system of
 * record later information changes start from and compare against (req change §2.1, §2.2).
 */
export type SupplierMasterRecord = Omit<ReleaseForm, 'documentList'>;

/** A factory code: the supplier code and the factory's number within the supplier, `100001-F01`. */
export function factoryCode(supplierCode: string, n: number): string {
  return `${supplierCode}-F${String(n).padStart(2, '0')}`;
}

const numberOf = (supplierCode: string, code: string): number => {
  const m = code.startsWith(`${supplierCode}-F`) ? /^\d+$/.exec(code.slice(supplierCode.length + 2)) : null;
  return m ? Number(m[0]) : 0;
};

/** What the codes depend on: a factory's base name and its code. */
type Factory = { baseName?: string; factoryCode?: string };

const baseNameOf = (f: Factory) => (f.baseName ?? '').trim();

/**
 * The factories of the new master: each keeps the code it has; one without takes the code of an admitted
 * factory of the same base name (the same factory typed again) or the supplier's next number. An admitted
 * factory the form no longer lists stays: it leaves the supplier only by an exit or an information change.
 */
export function factoriesWithCodes<F extends Factory>(form: readonly F[], admitted: readonly NoInfer<F>[], supplierCode: string): F[] {
  const coded = admitted.filter((f) => f.factoryCode);
  const used = new Set(form.map((f) => f.factoryCode).filter(Boolean));
  let next = Math.max(0, ...[...coded, ...form].map((f) => (f.factoryCode ? numberOf(supplierCode, f.factoryCode) : 0))) + 1;
  const result = form.map((f) => {
    if (f.factoryCode) return carriedOver(coded.find((a) => a.factoryCode === f.factoryCode), f);
    const same = coded.find((a) => !used.has(a.factoryCode) && baseNameOf(a) !== '' && baseNameOf(a) === baseNameOf(f));
    const code = same?.factoryCode ?? factoryCode(supplierCode, next++);
    used.add(code);
    return { ...carriedOver(same, f), factoryCode: code };
  });
  return [...result, ...coded.filter((a) => !used.has(a.factoryCode))];
}

/**
 * An admitted factory the form lists again keeps what only the master holds (its row id, and the fields an
 * information change maintains: coordinates, attribute, state, remarks); the form's own values win.
 */
function carriedOver<F extends object>(admitted: F | undefined, form: F): F {
  if (!admitted) return form;
  const given = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined));
  return { ...admitted, ...given } as F;
}

/**
 * What admission knows of a factory the information change later asks for (req change §5.2): the questionnaire's
 * factories are the supplier's production sites, and an admitted one supplies. Kept where already set.
 */
export const ADMITTED_FACTORY = { factoryAttribute: '1', factoryState: 10 } as const;

/** The master an admission stores: the approved form, its factories coded, merged with what was admitted before. */
export function masterRecordOf(form: ReleaseForm, before: SupplierMasterRecord | null, supplierCode: string): SupplierMasterRecord {
  const { documentList: _flowDocuments, ...master } = form;
  const factories = factoriesWithCodes(master.factoryInfoDtoList, before?.factoryInfoDtoList ?? [], supplierCode);
  return {
    ...master,
    basicInfo: { ...master.basicInfo, supplierCode },
    factoryInfoDtoList: factories.map((f) => ({ ...ADMITTED_FACTORY, ...definedOf(f) })),
  };
}

const definedOf = <T extends object>(row: T): T => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;

const HK_MO_TW = ['HK', 'MO', 'TW'];

/** The certification region (req rfi §3) of a company registered in `countryCode`. */
export function certifiedRegionOf(countryCode: string | undefined): number {
  if (!countryCode || countryCode === CHINA) return CERTIFIED_REGION.mainland;
  return HK_MO_TW.includes(countryCode) ? CERTIFIED_REGION.hkMoTw : CERTIFIED_REGION.overseas;
}

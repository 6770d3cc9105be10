import { blank } from '#domain/rfi/sections/define.ts';
import type { ChangeDocumentRow, ChangeFormValues } from '#domain/supplier-change/change-form.ts';
import { partsOf, PURCHASE_PARTS, type ChangeSide, type MasterPart, type ModifyType } from '#domain/supplier-change/status.ts';
import type { ReleaseForm } from '#domain/release/release-form.ts';
import { emptyDocumentRow, releaseValues, type ReleaseValues } from '#web/routes/_staff/cert-flow/-components/nodes/release/release-values.ts';
import { emptyFactoryRow } from '#web/rfi/steps/step-06-rows.ts';
import { rowsOver } from '#web/rfi/steps/step-fill.ts';

/**
 * The change form as its inputs hold it: the release form's parts (their sections are reused), factories
 * with req change §2.2's fields, the modify type and the modification explanation. Every list row keeps its stable
 * `rowId`; a row the form adds has none (the server gives it one). Pure, so the rules of the screen are
 * testable without a browser.
 */

type Row = Record<string, unknown>;

export function emptyChangeFactoryRow() {
  return {
    ...emptyFactoryRow(),
    rowId: undefined as string | undefined,
    cityCode: '',
    longitude: '' as string | number,
    latitude: '' as string | number,
    factoryAttribute: null as string | null,
    factoryState: null as number | string | null,
    categoryCodes: [] as string[],
    categoryNames: [] as string[],
    currentJoin: false,
    currentCategoryCodes: [] as string[],
    currentCategoryNames: [] as string[],
    currentRemark: '',
    remark: '',
    factorySource: '',
  };
}

export type ChangeFactoryValues = ReturnType<typeof emptyChangeFactoryRow>;

type WithRowId<R> = R & { rowId?: string };

export type ChangeValues = Omit<ReleaseValues, 'factoryInfoDtoList' | 'contactList' | 'bankList' | 'purchaseGroupList'> & {
  contactList: WithRowId<ReleaseValues['contactList'][number]>[];
  bankList: WithRowId<ReleaseValues['bankList'][number]>[];
  purchaseGroupList: WithRowId<ReleaseValues['purchaseGroupList'][number]>[];
  flowNo: string;
  supplierNo: string;
  modifyType: ModifyType | null;
  modifyReason: string;
  factoryInfoDtoList: ChangeFactoryValues[];
};

/** What the editor starts from: the change's new version, or the master a new change starts from. */
export interface ChangeStart {
  flowNo?: string;
  supplierNo: string;
  modifyType?: ModifyType | null;
  modifyReason?: string | null;
  record: Partial<Record<MasterPart, unknown>>;
  documentList?: readonly ChangeDocumentRow[];
}

const LIST_KEYS = ['contactList', 'bankList', 'purchaseGroupList'] as const;

/** The stored record as the inputs hold it; list rows keep their ids. */
export function changeValues(start: ChangeStart): ChangeValues {
  const record = start.record as Row;
  // The master's parts have the release form's keys; the documents are the change's own.
  const base = releaseValues({ ...record, documentList: start.documentList ?? [] } as unknown as ReleaseForm);
  const withIds = <R extends Row>(rows: R[], stored: unknown): (R & { rowId?: string })[] =>
    rows.map((row, i) => {
      const id = Array.isArray(stored) ? (stored[i] as Row | undefined)?.rowId : undefined;
      return typeof id === 'string' ? { ...row, rowId: id } : row;
    });
  const lists = Object.fromEntries(LIST_KEYS.map((k) => [k, withIds(base[k] as Row[], record[k])]));
  return {
    ...base,
    ...(lists as Pick<ChangeValues, (typeof LIST_KEYS)[number]>),
    documentList: rowsOver(() => emptyDocumentRow(), start.documentList),
    factoryInfoDtoList: rowsOver(emptyChangeFactoryRow, record.factoryInfoDtoList),
    flowNo: start.flowNo ?? '',
    supplierNo: start.supplierNo,
    modifyType: start.modifyType ?? null,
    modifyReason: start.modifyReason ?? '',
  };
}

/**
 * What is sent: the parts the modify type edits on this side (the server keeps every other part from the
 * master), never the purchase parts from the supplier side, the explanation and the documents.
 */
export function changePayload(values: ChangeValues, side: ChangeSide): ChangeFormValues {
  const parts = values.modifyType ? partsOf(values.modifyType, side) : [];
  const payload: Row = {
    flowNo: values.flowNo || undefined,
    supplierNo: values.supplierNo || undefined,
    modifyType: values.modifyType ?? undefined,
    modifyReason: values.modifyReason,
    documentList: values.documentList,
  };
  for (const part of parts) payload[part] = values[part];
  return payload as ChangeFormValues;
}

/** The values the form validates on this side: the supplier side has no purchase parts at all. */
export function valuesForSide(values: ChangeValues, side: ChangeSide): Row {
  if (side === 'staff') return values;
  const out: Row = { ...values };
  for (const part of PURCHASE_PARTS) delete out[part];
  return out;
}

/**
 * Req change §4: checking currentJoin caches the factory's categories and remark of this admission;
 * unchecking it restores them. The cache lives in the editor (by row), not in the values sent.
 */
export type JoinCache = Pick<ChangeFactoryValues, 'currentCategoryCodes' | 'currentCategoryNames' | 'currentRemark'>;

export function cacheOfJoin(row: ChangeFactoryValues): JoinCache {
  return {
    currentCategoryCodes: [...row.currentCategoryCodes],
    currentCategoryNames: [...row.currentCategoryNames],
    currentRemark: row.currentRemark,
  };
}

/** A factory row may be deleted only while it has no factory code (req change §5.2; the server refuses it too). */
export const canDeleteFactory = (row: { factoryCode?: unknown }) => blank(row.factoryCode);

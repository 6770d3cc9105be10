import { z } from 'zod';
import type { ErpCodeLists } from '../erp-reference.ts';
import { withParams } from '../messages.ts';
import {
  BANK_ROWS,
  checkBanks,
  checkBasicInfo,
  checkContacts,
  checkInvoice,
  checkPurchase,
  checkPurchaseGroups,
  DOCUMENT_ROWS,
  PURCHASE_GROUP_ROWS,
  RELEASE_LIMITS,
  RELEASE_PARTS,
  withoutOverseasTerms,
} from '../release/release-form.ts';
import { checkAddress, REGISTERED_ADDRESS } from '../rfi/sections/address.ts';
import { contactRow, CONTACT_ROWS } from '../rfi/sections/contacts.ts';
import { blank, Issues, rowsOf, type Path, type Row } from '../rfi/sections/define.ts';
import { factoryRow } from '../rfi/sections/factories.ts';
import { bool, code, codeList, text } from '../rfi/sections/kit.ts';
import { rowsNeedingNewCertificate } from './bank.ts';
import { rowIdField, rowsById } from './row-ids.ts';
import { MODIFY_TYPES, partsOf, type ChangeSide, type MasterPart, type ModifyType } from './status.ts';
import { sameValue } from './values.ts';

/**
 * The supplier information change form (req change §2.2, §3.1, §5.1, §5.2): the supplier master's parts with a
 * stable row id on every list row, the modification explanation and the documents. The parts keep the
 * master's own keys (spec req change §3.1's DTO names: supplierBasicInformationDto = basicInfo,
 * supplierInfoContactInfoList = contactList, supplierInfoBankInfoList = bankList, supplierPurchaseSapInfoDto
 * = purchase, purchaseGroupDtoList = purchaseGroupList, supplierInvoiceInfoDto = invoice; factoryInfoDtoList
 * as named), so a change is applied without translation. The release form's rules (req flow §5.12) are
 * reused, not restated; req flow §5.1 names the purchase messages and req flow §5.2 adds the factory rules.
 *
 * - `draft` (temp-save): types, lengths, row maxima.
 * - `full` (submit): every rule of the parts the modify type edits on this side, with the context below.
 */

export const CHANGE_LIMITS = {
  modifyReason: 500,
  port: RELEASE_LIMITS.port,
  coordinate: 10,
  factoryRemark: 500,
  factoryAddress: 50,
  factoryName: 30,
} as const;

/** Req change §5.2 / req change §9: the maximum number of factories is configurable, 999 by default. */
export const FACTORY_MAX_DEFAULT = 999;

/** Req change §3.4: factory states (dictionary supplier_factory_state); 0 and -1 are protected, 0 not selectable. */
export const FACTORY_STATE = { ELIMINATED: -1, IN_ADMISSION: 0, SUPPLYING: 10, SUSPENDED: 20, RECTIFYING: 30 } as const;
export const PROTECTED_FACTORY_STATES: readonly number[] = [FACTORY_STATE.ELIMINATED, FACTORY_STATE.IN_ADMISSION];
export const UNSELECTABLE_FACTORY_STATES: readonly number[] = [FACTORY_STATE.IN_ADMISSION];
export const FACTORY_DICT = { state: 'supplier_factory_state', attribute: 'supplier_factory_attribute' } as const;

/** Coordinates as typed: up to 10 characters, a decimal number in range. */
function coordinate(limit: number) {
  return z
    .union([z.number(), z.string()], { error: 'invalidCoordinate' })
    .nullish()
    .transform((raw, ctx): string | undefined => {
      if (raw === null || raw === undefined) return undefined;
      const s = String(raw).trim();
      if (s === '') return undefined;
      if (s.length > CHANGE_LIMITS.coordinate) {
        ctx.addIssue({ code: 'custom', message: withParams('maxLength', { max: CHANGE_LIMITS.coordinate }) });
        return z.NEVER;
      }
      if (!/^[-+]?\d+(\.\d+)?$/.test(s) || Math.abs(Number(s)) > limit) {
        ctx.addIssue({ code: 'custom', message: 'invalidCoordinate' });
        return z.NEVER;
      }
      return s;
    });
}

/** Req change §5.2: coordinates are shown with 2 decimals. */
export function formatCoordinate(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  return Number.isFinite(n) ? n.toFixed(2) : '';
}

const factoryState = z
  .union([z.number(), z.string()], { error: 'invalidValue' })
  .nullish()
  .transform((raw, ctx): number | undefined => {
    if (raw === null || raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!(Object.values(FACTORY_STATE) as number[]).includes(n)) {
      ctx.addIssue({ code: 'custom', message: 'invalidValue' });
      return z.NEVER;
    }
    return n;
  });

/**
 * A factory of the change (req change §2.2): the master's factory row (baseName is the factory name; the
 * registered-address keys with cityCode are the address picker, `address` the free text) and req change §2.2's fields.
 * `remark` is the factory's remark so far; `currentRemark` what this change adds to it.
 */
export const changeFactoryRow = factoryRow.extend({
  rowId: rowIdField,
  cityCode: code,
  longitude: coordinate(180),
  latitude: coordinate(90),
  factoryAttribute: code,
  factoryState,
  /** The factory's admitted categories. */
  categoryCodes: codeList(200),
  categoryNames: z.array(z.string().max(100)).max(200).nullish().transform((v) => v ?? undefined),
  /** The factory takes part in this admission: its categories of this admission are required. */
  currentJoin: bool(),
  currentCategoryCodes: codeList(200),
  currentCategoryNames: z.array(z.string().max(100)).max(200).nullish().transform((v) => v ?? undefined),
  currentRemark: text(CHANGE_LIMITS.factoryRemark),
  remark: text(CHANGE_LIMITS.factoryRemark),
  factorySource: code,
});

export const changeContactRow = contactRow.extend({ rowId: rowIdField });
export const changeBankRow = RELEASE_PARTS.bankRow.extend({ rowId: rowIdField });
export const changePurchaseGroupRow = RELEASE_PARTS.purchaseGroupRow.extend({ rowId: rowIdField });

export type ChangeFactoryRow = z.output<typeof changeFactoryRow>;
export type ChangeContactRow = z.output<typeof changeContactRow>;
export type ChangeBankRow = z.output<typeof changeBankRow>;
export type ChangePurchaseGroupRow = z.output<typeof changePurchaseGroupRow>;

/** A list part as sent: absent (keep the master's) or the whole new list. */
function listPart<T extends z.ZodType>(row: T, max: number, maxMessage = withParams('maxRows', { max })) {
  return z
    .array(row, { error: 'invalidValue' })
    .max(max, { error: maxMessage })
    .nullish()
    .transform((v) => v ?? undefined);
}

/** An object part as sent: absent (keep the master's) or the new part. */
function objectPart<S extends z.ZodObject>(shape: S) {
  return shape.nullish().transform((v) => v ?? undefined);
}

/** The purchase card on the supplier side: never accepted (req change §2.2, §6). */
const refusedOnSupplierSide = z
  .unknown()
  .refine((v) => v === undefined || v === null, { error: 'purchaseNotForSupplier' })
  .transform(() => undefined)
  .optional();

/** Absolute ceiling of factory rows in a request; the configured maximum (≤ this) is a full rule. */
export const FACTORY_ROWS_CEILING = 9999;

/** The master's parts with row ids (the snapshot, the new version). */
const recordParts = {
  basicInfo: objectPart(RELEASE_PARTS.basicInfo),
  contactList: listPart(changeContactRow, CONTACT_ROWS.max),
  bankList: listPart(changeBankRow, BANK_ROWS.max),
  purchase: objectPart(RELEASE_PARTS.purchase),
  purchaseGroupList: listPart(changePurchaseGroupRow, PURCHASE_GROUP_ROWS.max),
  invoice: objectPart(RELEASE_PARTS.invoice),
  factoryInfoDtoList: listPart(changeFactoryRow, FACTORY_ROWS_CEILING),
};

const recordShape = z.object(recordParts);
/** A record as sent: any part may be absent. */
export type ChangeRecordInput = z.output<typeof recordShape>;

/** The snapshot and the new version as stored: every part present, every list row with its id. */
export interface ChangeRecord {
  basicInfo: NonNullable<ChangeRecordInput['basicInfo']>;
  contactList: (ChangeContactRow & { rowId: string })[];
  bankList: (ChangeBankRow & { rowId: string })[];
  purchase: NonNullable<ChangeRecordInput['purchase']>;
  purchaseGroupList: (ChangePurchaseGroupRow & { rowId: string })[];
  invoice: NonNullable<ChangeRecordInput['invoice']>;
  factoryInfoDtoList: (ChangeFactoryRow & { rowId: string })[];
}

/** The supplier side's record: the purchase parts are absent. */
export type SupplierSideRecord = Omit<ChangeRecord, 'purchase' | 'purchaseGroupList'>;

const storedRows = <T extends z.ZodType>(row: T) => z.array(z.intersection(row, z.object({ rowId: z.string() })));
/** A stored record as an answer carries it: every part present, each row with its id; the purchase parts only to staff. */
export const changeRecordAnswer: z.ZodType<ChangeRecord | SupplierSideRecord> = z.object({
  basicInfo: RELEASE_PARTS.basicInfo,
  contactList: storedRows(changeContactRow),
  bankList: storedRows(changeBankRow),
  purchase: RELEASE_PARTS.purchase.optional(),
  purchaseGroupList: storedRows(changePurchaseGroupRow).optional(),
  invoice: RELEASE_PARTS.invoice,
  factoryInfoDtoList: storedRows(changeFactoryRow),
}) as z.ZodType<ChangeRecord | SupplierSideRecord>;

/** Parses a stored record (snapshot, new version, master) into its typed shape; missing parts are empty. */
export function changeRecordOf(raw: unknown): Omit<ChangeRecord, 'contactList' | 'bankList' | 'purchaseGroupList' | 'factoryInfoDtoList'> & {
  contactList: ChangeContactRow[];
  bankList: ChangeBankRow[];
  purchaseGroupList: ChangePurchaseGroupRow[];
  factoryInfoDtoList: ChangeFactoryRow[];
} {
  const r = recordShape.parse(raw ?? {});
  return {
    basicInfo: r.basicInfo ?? {},
    contactList: r.contactList ?? [],
    bankList: r.bankList ?? [],
    purchase: r.purchase ?? {},
    purchaseGroupList: r.purchaseGroupList ?? [],
    invoice: r.invoice ?? {},
    factoryInfoDtoList: r.factoryInfoDtoList ?? [],
  } as ChangeRecord;
}

/** The document card's files (stored uploads; the server checks they are this caller's). */
export const changeDocumentRow = RELEASE_PARTS.documentRow;
export type ChangeDocumentRow = z.output<typeof changeDocumentRow>;

function changeShape(side: ChangeSide) {
  return z.object({
    /** The change being edited; none for a new one. */
    flowNo: text(64),
    /** Staff name the supplier; on the supplier side it is the session's own and may be left out. */
    supplierNo: text(40),
    modifyType: z.enum(MODIFY_TYPES, { error: 'chooseModifyType' }),
    modifyReason: text(CHANGE_LIMITS.modifyReason),
    ...recordParts,
    ...(side === 'supplier' ? { purchase: refusedOnSupplierSide, purchaseGroupList: refusedOnSupplierSide } : {}),
    documentList: listPart(changeDocumentRow, DOCUMENT_ROWS.max, withParams('tooManyFiles', { max: DOCUMENT_ROWS.max })),
  });
}

export type ChangeForm = z.output<ReturnType<typeof changeShape>>;
export type ChangeFormValues = z.input<ReturnType<typeof changeShape>>;

/** What the full rules need besides the form; the server answers it with the detail. */
export interface ChangeRuleContext {
  /** The master the change started from (its snapshot); a new change's is the current master. */
  before: Partial<ChangeRecordInput> | null;
  /** Holds scm-cspm:modify-factory-admin-role (req change §5.2). */
  factoryAdmin: boolean;
  /** Req change §5.2: the configured maximum of factories. */
  maxFactories: number;
  /** Purchasing organisations in effect for the supplier: each stays in a row (staff side). */
  effectivePurchaseOrgs: readonly string[];
  /** The ERP's code lists; when given, a code outside them is 'invalidValue'. */
  reference?: ErpCodeLists;
}

const NO_CONTEXT: ChangeRuleContext = { before: null, factoryAdmin: false, maxFactories: FACTORY_MAX_DEFAULT, effectivePurchaseOrgs: [] };

/** The change form's schema for a side and variant. */
export function changeFormSchema(side: ChangeSide, variant: 'draft' | 'full', ctx: ChangeRuleContext = NO_CONTEXT) {
  const checked = changeShape(side).superRefine((form, zctx) => {
    const issues = new Issues(zctx);
    checkFactoryBounds(form.factoryInfoDtoList, ctx, issues);
    if (variant === 'full') fullRules(form, side, issues, ctx);
  });
  return variant === 'full' ? checked.transform(normaliseChangeForm) : checked;
}

const PURCHASE_MESSAGES = { companyCodes: 'enterCompanyCode', reconcileAccounts: 'enterReconcileAccount', paymentMethodCode: 'enterPaymentMethod' } as const;

/** Req change §5.1 and §5.2, for the parts this modify type edits on this side. */
function fullRules(form: ChangeForm, side: ChangeSide, issues: Issues, ctx: ChangeRuleContext): void {
  issues.require(form.modifyReason, ['modifyReason'], 'enterModifyReason');
  const parts = new Set<MasterPart>(partsOf(form.modifyType, side));
  const before = ctx.before ?? {};
  // A part left out keeps the master's, which is checked as well: the applied record must meet the rules.
  const valueOf = <K extends MasterPart>(k: K) => (form[k] ?? before[k]) as unknown;
  if (parts.has('basicInfo')) checkBasicInfo((valueOf('basicInfo') ?? {}) as Row, issues);
  if (parts.has('contactList')) checkContacts(valueOf('contactList'), issues);
  if (parts.has('bankList')) {
    const supplierName = String((valueOf('basicInfo') as Row | undefined)?.supplierName ?? '').trim();
    checkBanks(valueOf('bankList'), supplierName, issues);
    const after = { bankList: rowsOf(valueOf('bankList')) };
    for (const i of rowsNeedingNewCertificate({ bankList: rowsOf(before.bankList) }, after)) {
      issues.add(['bankList', i, 'bankCertificateUrl'], 'newBankCertificateRequired');
    }
  }
  if (parts.has('purchase')) checkPurchase((valueOf('purchase') ?? {}) as Row, issues, ctx.reference, PURCHASE_MESSAGES);
  if (parts.has('purchaseGroupList')) checkPurchaseGroups(valueOf('purchaseGroupList'), issues, ctx);
  if (parts.has('invoice')) checkInvoice((valueOf('invoice') ?? {}) as Row, issues);
  if (parts.has('factoryInfoDtoList')) checkFactories(rowsOf(valueOf('factoryInfoDtoList')), rowsOf(before.factoryInfoDtoList), issues, ctx);
  rowsOf(form.documentList).forEach((row, i) => issues.require(row.documentUrl, ['documentList', i, 'documentUrl'], 'uploadFile'));
}

/** The configured maximum of factories: a bound, so drafts meet it too. */
function checkFactoryBounds(list: unknown, ctx: ChangeRuleContext, issues: Issues): void {
  if (rowsOf(list).length > ctx.maxFactories) issues.add(['factoryInfoDtoList'], withParams('factoryMaxRows', { max: ctx.maxFactories }));
}

/** What only a factory administrator changes on an existing factory (req change §5.2). */
const ADMIN_ONLY_FIELDS = ['baseName', 'categoryCodes', 'categoryNames', 'factoryAttribute', 'remark', 'countryCode', 'provinceCode', 'city', 'cityCode'] as const;

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Req change §5.2. A factory is existing when its row id is in the snapshot. Only factories without a factory
 * code may be deleted. Non-admins keep the name, admitted categories, attribute, remark and the city-level
 * address of existing factories (the free address text stays theirs), cannot change a protected state
 * (0, -1) nor choose one; nobody chooses 0. The remark grows by `currentRemark` within 500 in total; an
 * administrator may rewrite it. A new or changed free address has at most 50 characters.
 */
function checkFactories(after: Row[], before: Row[], issues: Issues, ctx: ChangeRuleContext): void {
  const old = rowsById(before as { rowId?: string }[]);
  const kept = new Set(after.map((r) => r.rowId).filter(Boolean));
  const removedCoded = before.filter((r) => !kept.has(r.rowId) && !blank(r.factoryCode)).map((r) => str(r.factoryCode));
  if (removedCoded.length) issues.add(['factoryInfoDtoList'], withParams('factoryWithCodeNotDeletable', { codes: removedCoded.join(',') }));
  after.forEach((row, i) => {
    const at: Path = ['factoryInfoDtoList', i];
    const was = typeof row.rowId === 'string' ? (old.get(row.rowId) as Row | undefined) : undefined;
    // A field the caller may not edit is never asked of them: an existing factory keeps what it has.
    const mayEditAll = !was || ctx.factoryAdmin;
    if (mayEditAll) issues.requireAll(row, at, { baseName: 'required', factoryAttribute: 'required' });
    checkAddress(issues, row, REGISTERED_ADDRESS, at);
    if (!was || !sameValue(was.address, row.address)) {
      if (str(row.address).length > CHANGE_LIMITS.factoryAddress) issues.add([...at, 'address'], withParams('maxLength', { max: CHANGE_LIMITS.factoryAddress }));
    }
    if (row.currentJoin === true) issues.require(row.currentCategoryCodes, [...at, 'currentCategoryCodes'], 'chooseCurrentCategories');
    checkFactoryState(row, was, at, issues, ctx);
    checkRemark(row, was, at, issues, ctx);
    if (was && !ctx.factoryAdmin) {
      for (const f of ADMIN_ONLY_FIELDS) if (!sameValue(was[f], row[f])) issues.add([...at, f], 'factoryAdminOnly');
    }
  });
}

function checkFactoryState(row: Row, was: Row | undefined, at: Path, issues: Issues, ctx: ChangeRuleContext): void {
  const state = typeof row.factoryState === 'number' ? row.factoryState : undefined;
  const previous = typeof was?.factoryState === 'number' ? was.factoryState : undefined;
  if (state === previous) return;
  if (!ctx.factoryAdmin && previous !== undefined && PROTECTED_FACTORY_STATES.includes(previous)) {
    issues.add([...at, 'factoryState'], 'factoryStateProtected');
  } else if (state !== undefined && (UNSELECTABLE_FACTORY_STATES.includes(state) || (!ctx.factoryAdmin && PROTECTED_FACTORY_STATES.includes(state)))) {
    issues.add([...at, 'factoryState'], 'factoryStateNotSelectable');
  }
}

/** How many characters the new remark may have: what 500 leaves after the remark so far. */
export function remarkRoomLeft(existingRemark: string | null | undefined): number {
  return Math.max(0, CHANGE_LIMITS.factoryRemark - (existingRemark ?? '').trim().length);
}

function checkRemark(row: Row, was: Row | undefined, at: Path, issues: Issues, ctx: ChangeRuleContext): void {
  const existing = ctx.factoryAdmin || !was ? str(row.remark) : str(was.remark);
  const left = remarkRoomLeft(existing);
  if (str(row.currentRemark).length > left) {
    issues.add([...at, 'currentRemark'], withParams('factoryRemarkTotal', { max: CHANGE_LIMITS.factoryRemark, left }));
  }
}

/** Trade terms and ports belong to overseas orders only: cleared otherwise (req change §5.1). */
export function normaliseChangeForm<T extends { purchaseGroupList?: readonly ChangePurchaseGroupRow[] }>(form: T): T {
  return form.purchaseGroupList ? { ...form, purchaseGroupList: form.purchaseGroupList.map(withoutOverseasTerms) } : form;
}

/**
 * Req change §4: unchecking currentJoin restores the categories and remark the factory had before it was
 * checked (the form caches them when it is checked).
 */
export function uncheckCurrentJoin<R extends { currentJoin?: boolean; currentCategoryCodes?: string[]; currentCategoryNames?: string[]; currentRemark?: string }>(
  row: R,
  cached: Pick<R, 'currentCategoryCodes' | 'currentCategoryNames' | 'currentRemark'>,
): R {
  return { ...row, currentJoin: false, ...cached };
}

/** The modify types a form offers (req change §2.2). */
export const modifyTypeOf = (v: string | null | undefined): ModifyType | undefined => (MODIFY_TYPES as readonly string[]).includes(v ?? '') ? (v as ModifyType) : undefined;

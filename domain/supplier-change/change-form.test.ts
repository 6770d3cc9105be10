import { describe, expect, it } from 'vitest';
import { changeFormOf, factory, masterWithIds } from '../../tests/support/change-form.ts';
import { nonEuBank, type FormData } from '../../tests/support/release-form.ts';
import { withParams } from '../messages.ts';
import { isBankChange, rowsNeedingNewCertificate } from './bank.ts';
import { changeFormSchema, FACTORY_MAX_DEFAULT, formatCoordinate, remarkRoomLeft, type ChangeRuleContext } from './change-form.ts';
import { withRowIds } from './row-ids.ts';
import { cardsOf, partsOf } from './status.ts';

const OTHER_URL = '/common/v1/simple-download?fileKey=2026%2F11%2F11111111111111111111111111111111&fileName=n.pdf';
const chars = (n: number) => 'x'.repeat(n);

function errorsOf(form: FormData, side: 'supplier' | 'staff', ctx: Partial<ChangeRuleContext> & { before: FormData }, variant: 'full' | 'draft' = 'full') {
  const full: ChangeRuleContext = { factoryAdmin: false, maxFactories: FACTORY_MAX_DEFAULT, effectivePurchaseOrgs: [], ...ctx };
  const r = changeFormSchema(side, variant, full).safeParse(form);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/** A staff form of type all: the master's parts (the supplier side leaves out the purchase parts). */
function staffForm(before: FormData, extra: FormData = {}) {
  return changeFormOf(before, 'all', extra);
}
function supplierForm(before: FormData, extra: FormData = {}) {
  return changeFormOf(before, 'all', extra, 'supplier');
}

describe('cards by modify type and side (req change §2.2)', () => {
  it('all shows every card to staff, and all but purchase to suppliers', () => {
    expect(cardsOf('all', 'staff')).toEqual(['company', 'contact', 'bank', 'purchase', 'invoice', 'factory', 'information', 'document']);
    expect(cardsOf('all', 'supplier')).not.toContain('purchase');
  });
  it('contact, invoice and factory show their own cards and the explanation', () => {
    expect(cardsOf('contact', 'staff')).toEqual(['contact', 'information']);
    expect(cardsOf('invoice', 'supplier')).toEqual(['invoice', 'information', 'document']);
    expect(partsOf('factory', 'staff')).toEqual(['factoryInfoDtoList']);
  });
});

describe('the modification explanation and the purchase card (req change §5.1)', () => {
  const before = masterWithIds();
  it('a complete change passes on both sides', () => {
    expect(errorsOf(staffForm(before), 'staff', { before })).toEqual({});
    expect(errorsOf(supplierForm(before), 'supplier', { before })).toEqual({});
  });
  it('requires the explanation, at most 500', () => {
    expect(errorsOf(staffForm(before, { modifyReason: '' }), 'staff', { before })).toEqual({ modifyReason: 'enterModifyReason' });
    expect(errorsOf(staffForm(before, { modifyReason: chars(500) }), 'staff', { before })).toEqual({});
    expect(errorsOf(staffForm(before, { modifyReason: chars(501) }), 'staff', { before })).toEqual({ modifyReason: withParams('maxLength', { max: 500 }) });
  });
  it('names company code, reconcile account and payment method', () => {
    const form = staffForm(before);
    form.purchase = { companyCodes: [], reconcileAccounts: '', paymentMethodCode: null };
    expect(errorsOf(form, 'staff', { before })).toEqual({
      'purchase.companyCodes': 'enterCompanyCode',
      'purchase.reconcileAccounts': 'enterReconcileAccount',
      'purchase.paymentMethodCode': 'enterPaymentMethod',
    });
  });
  it('asks ports only for overseas orders, at most 70, and clears them otherwise', () => {
    const overseas = staffForm(before);
    overseas.purchaseGroupList[0] = { ...overseas.purchaseGroupList[0], haveOverseasOrder: 1, termsOfTrade: 'FOB', portOfShipment: chars(71), portOfArrival: '' };
    expect(errorsOf(overseas, 'staff', { before })).toEqual({
      'purchaseGroupList.0.portOfShipment': withParams('maxLength', { max: 70 }),
      'purchaseGroupList.0.portOfArrival': 'required',
    });
    overseas.purchaseGroupList[0].portOfArrival = 'Shanghai';
    overseas.purchaseGroupList[0].portOfShipment = chars(70);
    expect(errorsOf(overseas, 'staff', { before })).toEqual({});
    const domestic = staffForm(before);
    domestic.purchaseGroupList[0] = { ...domestic.purchaseGroupList[0], haveOverseasOrder: 0, portOfShipment: 'Hamburg' };
    const parsed = changeFormSchema('staff', 'full', { before, factoryAdmin: false, maxFactories: 999, effectivePurchaseOrgs: [] }).parse(domestic);
    expect(parsed.purchaseGroupList?.[0]?.portOfShipment).toBeUndefined();
  });
  it('needs at least one purchase-group row', () => {
    expect(errorsOf(staffForm(before, { purchaseGroupList: [] }), 'staff', { before })).toEqual({ purchaseGroupList: withParams('minRows', { min: 1 }) });
  });
  it('refuses purchase data from the supplier side', () => {
    expect(errorsOf(staffForm(before), 'supplier', { before }, 'draft')).toEqual({ purchase: 'purchaseNotForSupplier', purchaseGroupList: 'purchaseNotForSupplier' });
  });
  it('does not check the purchase parts of a supplier change', () => {
    const broken = { ...before, purchaseGroupList: [] };
    expect(errorsOf(supplierForm(broken), 'supplier', { before: broken })).toEqual({});
  });
});

describe('bank changes', () => {
  const before = masterWithIds();
  it('a field sent as undefined, null or empty is not a change; a reordered list is none', () => {
    const after = structuredClone(before);
    after.bankList[0] = { ...after.bankList[0], reason: undefined, bankBic: null, bankAddress: '' };
    expect(isBankChange(before, after)).toBe(false);
    const two = withRowIds({ ...before, bankList: [...before.bankList, { ...nonEuBank(1), rowId: 'b2' }] }).record;
    expect(isBankChange(two, { ...two, bankList: [...two.bankList].reverse() })).toBe(false);
  });
  it('an added, removed or edited account or another default is a change', () => {
    const added = { ...before, bankList: [...before.bankList, nonEuBank(1)] };
    expect(isBankChange(before, added)).toBe(true);
    expect(isBankChange(added, before)).toBe(true);
    const edited = structuredClone(before);
    edited.bankList[0].bankCardNum = '999';
    expect(isBankChange(before, edited)).toBe(true);
    const two = withRowIds({ ...before, bankList: [...before.bankList, { ...nonEuBank(1), rowId: 'b2' }] }).record;
    const swapped = structuredClone(two);
    swapped.bankList[0].defaultAccount = 0;
    swapped.bankList[1].defaultAccount = 1;
    expect(isBankChange(two, swapped)).toBe(true);
  });
  it('an edited or added account needs a certificate other than the one on file', () => {
    const edited = staffForm(before);
    edited.bankList[0].bankCardNum = '6222000011112222';
    expect(rowsNeedingNewCertificate(before, edited)).toEqual([0]);
    expect(errorsOf(edited, 'staff', { before })).toEqual({ 'bankList.0.bankCertificateUrl': 'newBankCertificateRequired' });
    edited.bankList[0].bankCertificateUrl = OTHER_URL;
    expect(errorsOf(edited, 'staff', { before })).toEqual({});
    const added = staffForm(before);
    added.bankList.push({ ...nonEuBank(1), defaultAccount: 0, bankCertificateUrl: before.bankList[0].bankCertificateUrl });
    expect(errorsOf(added, 'staff', { before })).toEqual({ 'bankList.1.bankCertificateUrl': 'newBankCertificateRequired' });
  });
});

describe('factories (req change §5.2)', () => {
  const before = masterWithIds();
  const factoryForm = (rows: FormData[], side: 'supplier' | 'staff' = 'staff') => changeFormOf(before, 'factory', { factoryInfoDtoList: rows }, side);
  const existing = () => structuredClone(before.factoryInfoDtoList[0]);
  it('coordinates have at most 10 characters and show with 2 decimals', () => {
    expect(errorsOf(factoryForm([existing(), factory(1, { longitude: '121.123456' })]), 'staff', { before })).toEqual({});
    expect(errorsOf(factoryForm([existing(), factory(1, { longitude: '121.1234567' })]), 'staff', { before })).toEqual({
      'factoryInfoDtoList.1.longitude': withParams('maxLength', { max: 10 }),
    });
    expect(formatCoordinate('121.1666')).toBe('121.17');
  });
  it('requires the attribute, the address and the categories of this admission', () => {
    expect(errorsOf(factoryForm([existing(), factory(1, { factoryAttribute: '', city: '', currentJoin: true })]), 'staff', { before })).toEqual({
      'factoryInfoDtoList.1.factoryAttribute': 'required',
      'factoryInfoDtoList.1.city': 'fillCity',
      'factoryInfoDtoList.1.currentCategoryCodes': 'chooseCurrentCategories',
    });
  });
  it('a new free address has at most 50 characters', () => {
    expect(errorsOf(factoryForm([existing(), factory(1, { address: chars(50) })]), 'staff', { before })).toEqual({});
    expect(errorsOf(factoryForm([existing(), factory(1, { address: chars(51) })]), 'staff', { before })).toEqual({
      'factoryInfoDtoList.1.address': withParams('maxLength', { max: 50 }),
    });
  });
  it('only factories without a code can be deleted', () => {
    expect(errorsOf(factoryForm([]), 'staff', { before })).toEqual({ factoryInfoDtoList: withParams('factoryWithCodeNotDeletable', { codes: 'P0001-F01' }) });
  });
  it('at most the configured number of factories', () => {
    expect(errorsOf(factoryForm([existing(), factory(1)]), 'staff', { before, maxFactories: 2 })).toEqual({});
    expect(errorsOf(factoryForm([existing(), factory(1), factory(2)]), 'staff', { before, maxFactories: 2 })).toEqual({ factoryInfoDtoList: withParams('factoryMaxRows', { max: 2 }) });
  });
  it('the remark grows within 500 in total', () => {
    const withRemark = { ...before, factoryInfoDtoList: [{ ...existing(), remark: chars(400) }] };
    const row = { ...withRemark.factoryInfoDtoList[0], currentRemark: chars(100) };
    expect(remarkRoomLeft(chars(400))).toBe(100);
    expect(errorsOf(changeFormOf(withRemark, 'factory', { factoryInfoDtoList: [row] }, 'supplier'), 'supplier', { before: withRemark })).toEqual({});
    row.currentRemark = chars(101);
    expect(errorsOf(changeFormOf(withRemark, 'factory', { factoryInfoDtoList: [row] }, 'supplier'), 'supplier', { before: withRemark })).toEqual({
      'factoryInfoDtoList.0.currentRemark': withParams('factoryRemarkTotal', { max: 500, left: 100 }),
    });
  });
  it('states 0 and -1 are kept for non-admins; 0 is chosen by nobody', () => {
    const protectedBefore = { ...before, factoryInfoDtoList: [{ ...existing(), factoryState: -1 }] };
    const changed = changeFormOf(protectedBefore, 'factory', { factoryInfoDtoList: [{ ...existing(), factoryState: 10 }] }, 'supplier');
    expect(errorsOf(changed, 'supplier', { before: protectedBefore })).toEqual({ 'factoryInfoDtoList.0.factoryState': 'factoryStateProtected' });
    const asStaff = changeFormOf(protectedBefore, 'factory', { factoryInfoDtoList: [{ ...existing(), factoryState: 10 }] });
    expect(errorsOf(asStaff, 'staff', { before: protectedBefore })).toEqual({ 'factoryInfoDtoList.0.factoryState': 'factoryStateProtected' });
    expect(errorsOf(asStaff, 'staff', { before: protectedBefore, factoryAdmin: true })).toEqual({});
    const toZero = factoryForm([{ ...existing(), factoryState: 0 }]);
    expect(errorsOf(toZero, 'staff', { before, factoryAdmin: true })).toEqual({ 'factoryInfoDtoList.0.factoryState': 'factoryStateNotSelectable' });
  });
  it('name, attribute and city of an existing factory are the admin’s; its free address and a new factory are everyone’s', () => {
    const renamed = factoryForm([{ ...existing(), baseName: '新名称', factoryAttribute: '2', city: '苏州市' }], 'supplier');
    expect(errorsOf(renamed, 'supplier', { before })).toEqual({
      'factoryInfoDtoList.0.baseName': 'factoryAdminOnly',
      'factoryInfoDtoList.0.factoryAttribute': 'factoryAdminOnly',
      'factoryInfoDtoList.0.city': 'factoryAdminOnly',
    });
    const renamedByStaff = factoryForm([{ ...existing(), baseName: '新名称', factoryAttribute: '2', city: '苏州市' }]);
    expect(errorsOf(renamedByStaff, 'staff', { before, factoryAdmin: true })).toEqual({});
    expect(errorsOf(factoryForm([{ ...existing(), address: '嘉定区新地址8号' }, factory(1)], 'supplier'), 'supplier', { before })).toEqual({});
  });
});

import { withRowIds } from '#domain/supplier-change/row-ids.ts';
import { validReleaseForm, type FormData } from './release-form.ts';

/** Supplier masters and change forms (req change §2.2) for rule and API tests. */

export function factory(n = 0, extra: FormData = {}): FormData {
  return {
    baseName: `一号工厂${n}`,
    countryCode: 'CN',
    countryName: '中国',
    provinceCode: '310000',
    provinceName: '上海市',
    city: '上海市',
    address: `嘉定区安亭镇工厂路${n}号`,
    longitude: '121.16',
    latitude: '31.29',
    factoryAttribute: '1',
    factoryState: 10,
    ...extra,
  };
}

let seq = 0;
/** A master with row ids (as a change's snapshot has it): the valid release form and one coded factory. */
export function masterWithIds(): FormData {
  const { documentList: _d, ...form } = validReleaseForm();
  form.factoryInfoDtoList = [factory(0, { factoryCode: 'P0001-F01' })];
  return withRowIds(form, () => `row-${++seq}`).record;
}

/** A complete change form of `modifyType` starting from `before` (a copy of its parts; none of purchase on the supplier side). */
export function changeFormOf(before: FormData, modifyType = 'all', extra: FormData = {}, side: 'supplier' | 'staff' = 'staff'): FormData {
  const { purchase, purchaseGroupList, ...copy } = structuredClone(before);
  const purchaseParts = side === 'staff' ? { purchase, purchaseGroupList } : {};
  return { modifyType, modifyReason: '更新联系人信息', ...copy, ...purchaseParts, documentList: [], ...extra };
}

import { describe, expect, it } from 'vitest';
import { uncheckCurrentJoin } from '#domain/supplier-change/change-form.ts';
import { cacheOfJoin, canDeleteFactory, changePayload, changeValues, emptyChangeFactoryRow, valuesForSide } from './change-values.ts';

const master = {
  basicInfo: {
    supplierName: '宁波甬翔汽车零部件有限公司',
    supplierCode: '100001',
  },
  contactList: [
    { rowId: 'c1', name: '李明', contactNumber: '13805741234' },
    { rowId: 'c2', name: '王芳', contactNumber: '13957862345' },
  ],
  bankList: [
    {
      rowId: 'b1',
      bankName: '宁波银行',
      bankCardNum: '6222',
      defaultAccount: 1,
    },
  ],
  purchase: { companyCodes: ['1000'], reconcileAccounts: '160000' },
  purchaseGroupList: [{ rowId: 'p1', purchaseGroupCodes: ['1000'] }],
  invoice: { bankName: '宁波银行' },
  factoryInfoDtoList: [{ rowId: 'f1', baseName: '北仑工厂', factoryCode: '100001-F01' }],
};

describe('the change form values', () => {
  it('keep every list row’s id, so the comparison matches rows by id', () => {
    const v = changeValues({ supplierNo: 'SN000001', record: master });
    expect(v.contactList.map((c) => c.rowId)).toEqual(['c1', 'c2']);
    expect(v.bankList[0]!.rowId).toBe('b1');
    expect(v.purchaseGroupList[0]!.rowId).toBe('p1');
    expect(v.factoryInfoDtoList[0]!.rowId).toBe('f1');
  });

  it('send only the parts of the modify type, with the explanation and documents', () => {
    const v = {
      ...changeValues({ supplierNo: 'SN000001', record: master }),
      modifyType: 'contact' as const,
      modifyReason: '联系人离职',
    };
    const payload = changePayload(v, 'supplier') as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual(['contactList', 'documentList', 'flowNo', 'modifyReason', 'modifyType', 'supplierNo']);
    expect((payload.contactList as { rowId?: string }[]).map((c) => c.rowId)).toEqual(['c1', 'c2']);
  });

  it('never send or validate purchase data from the supplier side, even for all', () => {
    const v = {
      ...changeValues({ supplierNo: 'SN000001', record: master }),
      modifyType: 'all' as const,
    };
    const supplier = changePayload(v, 'supplier') as Record<string, unknown>;
    expect(supplier).not.toHaveProperty('purchase');
    expect(supplier).not.toHaveProperty('purchaseGroupList');
    expect(valuesForSide(v, 'supplier')).not.toHaveProperty('purchase');
    const staff = changePayload(v, 'staff') as Record<string, unknown>;
    expect(staff.purchase).toEqual(expect.objectContaining({ companyCodes: ['1000'] }));
    expect(staff).toHaveProperty('purchaseGroupList');
  });

  it('let only factories without a factory code be deleted', () => {
    expect(canDeleteFactory({ factoryCode: '100001-F01' })).toBe(false);
    expect(canDeleteFactory({ factoryCode: '' })).toBe(true);
    expect(canDeleteFactory(emptyChangeFactoryRow())).toBe(true);
  });

  it('restore the categories and remark cached when "in this admission" was checked, once it is unchecked', () => {
    const row = {
      ...emptyChangeFactoryRow(),
      currentCategoryCodes: ['101001'],
      currentCategoryNames: ['车门冲压件'],
      currentRemark: '原备注',
    };
    const cache = cacheOfJoin(row);
    const edited = {
      ...row,
      currentJoin: true,
      currentCategoryCodes: ['101001', '101002'],
      currentCategoryNames: ['车门冲压件', '白车身冲压件'],
      currentRemark: '新增品类',
    };
    const restored = uncheckCurrentJoin(edited, cache);
    expect(restored).toEqual(
      expect.objectContaining({
        currentJoin: false,
        currentCategoryCodes: ['101001'],
        currentCategoryNames: ['车门冲压件'],
        currentRemark: '原备注',
      }),
    );
  });
});

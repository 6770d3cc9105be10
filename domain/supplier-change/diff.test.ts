import { describe, expect, it } from 'vitest';
import { changeOfRowField, diffRecords, diffRows, sectionsOfCards } from './diff.ts';
import { cardsOf } from './status.ts';

const contact = (rowId: string, name: string, email = `${name}@example.com`) => ({ rowId, name, email, contactAreaCode: '+86', contactNumber: '13800000000' });
const bank = (rowId: string, bankCardNum: string, defaultAccount = 0) => ({ rowId, bankType: '0', bankName: 'Bank of Jiangsu', bankCardNum, defaultAccount });

const shape = (rows: ReturnType<typeof diffRows>) => rows.map((r) => [r.rowId, r.change]);

describe('the comparison of list sections', () => {
  it('sees no change in a reordered list', () => {
    const before = [contact('c1', 'Li'), contact('c2', 'Wang'), contact('c3', 'Zhao')];
    const after = [before[2], before[0], before[1]];
    const diff = diffRecords({ contactList: before }, { contactList: after }, ['contactList']);
    expect(diff.count).toBe(0);
    expect(shape(diffRows(before, after))).toEqual([
      ['c3', null],
      ['c1', null],
      ['c2', null],
    ]);
  });

  it('marks an edited row as one modified row with the fields that changed, not removed and added', () => {
    const before = [contact('c1', 'Li'), contact('c2', 'Wang')];
    const after = [contact('c2', 'Wang', 'wang@new.example.com'), contact('c1', 'Li')];
    const rows = diffRows(before, after);
    expect(shape(rows)).toEqual([
      ['c2', 'modified'],
      ['c1', null],
    ]);
    expect(rows[0]!.fields).toEqual([{ field: 'email', change: 'modified', before: 'Wang@example.com', after: 'wang@new.example.com' }]);
    expect(changeOfRowField(rows[0]!, 'email')).toBe('modified');
    expect(changeOfRowField(rows[0]!, 'name')).toBeNull();
  });

  it('matches by id even when a row took another row’s place and values', () => {
    // Position matching would call this two edits; by id it is one removal and one addition.
    const before = [bank('b1', '6222000011112222', 1)];
    const after = [bank('b2', '6222000011112222', 1)];
    expect(shape(diffRows(before, after))).toEqual([
      ['b1', 'removed'],
      ['b2', 'added'],
    ]);
  });

  it('puts a removed row after the row it followed in the snapshot, an added one where the new version has it', () => {
    const before = [contact('c1', 'Li'), contact('c2', 'Wang'), contact('c3', 'Zhao')];
    const after = [contact('c1', 'Li'), contact('c4', 'Sun'), contact('c3', 'Zhao')];
    const rows = diffRows(before, after);
    expect(shape(rows)).toEqual([
      ['c1', null],
      ['c2', 'removed'],
      ['c4', 'added'],
      ['c3', null],
    ]);
    expect(changeOfRowField(rows[1]!, 'name')).toBe('removed');
    expect(rows[2]!.before).toBeNull();
    expect(rows[1]!.after).toBeNull();
  });

  it('keeps a removed first row at the top', () => {
    expect(shape(diffRows([contact('c1', 'Li'), contact('c2', 'Wang')], [contact('c2', 'Wang')]))).toEqual([
      ['c1', 'removed'],
      ['c2', null],
    ]);
  });

  it('counts a new default account as two modified bank rows', () => {
    const before = [bank('b1', '1111', 1), bank('b2', '2222', 0)];
    const after = [bank('b1', '1111', 0), bank('b2', '2222', 1)];
    const rows = diffRows(before, after);
    expect(shape(rows)).toEqual([
      ['b1', 'modified'],
      ['b2', 'modified'],
    ]);
    expect(rows[1]!.fields.map((f) => f.field)).toEqual(['defaultAccount']);
  });

  it('matches rows without an id by equal content only', () => {
    const doc = { documentName: 'license.pdf', documentUrl: '/files/1' };
    const rows = diffRows([doc, { documentName: 'old.pdf', documentUrl: '/files/2' }], [{ ...doc }, { documentName: 'new.pdf', documentUrl: '/files/3' }]);
    expect(rows.map((r) => [r.before?.documentName ?? null, r.after?.documentName ?? null, r.change])).toEqual([
      ['license.pdf', 'license.pdf', null],
      ['old.pdf', null, 'removed'],
      [null, 'new.pdf', 'added'],
    ]);
  });

  it('treats a row id given twice in the new version as a new row the second time', () => {
    expect(shape(diffRows([contact('c1', 'Li')], [contact('c1', 'Li'), contact('c1', 'Li')]))).toEqual([
      ['c1', null],
      ['c1', 'added'],
    ]);
  });
});

describe('the comparison of object sections', () => {
  it('marks fields modified, added and removed', () => {
    const diff = diffRecords(
      { invoice: { bankName: 'Bank A', invoicePhone: '0512-1234', invoiceAddress: 'Suzhou' } },
      { invoice: { bankName: 'Bank B', invoiceAddress: 'Suzhou', bankCardNum: '6222' } },
      ['invoice'],
    );
    const [section] = diff.sections;
    expect(section!.kind === 'object' && section.fields.map((f) => [f.field, f.change])).toEqual([
      ['bankName', 'modified'],
      ['bankCardNum', 'added'],
      ['invoicePhone', 'removed'],
    ]);
    expect(diff.count).toBe(3);
  });

  it('does not count a field sent empty, left out or as undefined as a change, nor a number sent as text', () => {
    const diff = diffRecords(
      { basicInfo: { supplierName: '苏州精密', legalName: undefined, postalCode: '215000' }, purchase: { companyCodes: ['1000', '2000'] } },
      { basicInfo: { supplierName: ' 苏州精密 ', legalName: '', cityCode: null, postalCode: 215000 }, purchase: { companyCodes: ['1000', '2000'], paymentMethod: [] } },
      ['basicInfo', 'purchase'],
    );
    expect(diff.count).toBe(0);
  });

  it('compares only the sections asked for (those of the modify type)', () => {
    const diff = diffRecords({ contactList: [contact('c1', 'Li')], invoice: { bankName: 'A' } }, { contactList: [contact('c1', 'Lee')], invoice: { bankName: 'B' } }, ['contactList']);
    expect(diff.sections.map((s) => s.section)).toEqual(['contactList']);
    expect(diff.count).toBe(1);
  });
});

describe('the sections of a comparison', () => {
  it('follow the modify type: a contact change shows the contacts, a supplier-side change of all no purchase data', () => {
    expect(sectionsOfCards(cardsOf('contact', 'supplier'))).toEqual(['contactList']);
    expect(sectionsOfCards(cardsOf('invoice', 'staff'))).toEqual(['invoice']);
    expect(sectionsOfCards(cardsOf('all', 'supplier'))).toEqual(['basicInfo', 'contactList', 'bankList', 'invoice', 'factoryInfoDtoList']);
    expect(sectionsOfCards(cardsOf('all', 'staff'))).toContain('purchaseGroupList');
  });
});

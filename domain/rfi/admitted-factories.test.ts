import { describe, expect, it } from 'vitest';
import { lockAdmittedFactories } from './admitted-factories.ts';

const admitted = { factoryCode: 'F001', baseName: '常州基地', countryCode: 'CN', provinceCode: '320000', city: '常州市', address: '武进区1号', employeeCount: 300 };

describe('admitted factories are locked on save (req rfi §4)', () => {
  it('keeps the stored name and address of an admitted factory and forces holdFactory', () => {
    const sent = { holdFactory: false, factoryList: [{ ...admitted, baseName: '改名', address: '别处', employeeCount: 320 }] };
    const out = lockAdmittedFactories({ factoryList: [admitted] }, sent);
    expect(out).toEqual({ values: { holdFactory: true, factoryList: [{ ...admitted, employeeCount: 320 }] } });
  });

  it('refuses a save that drops an admitted factory', () => {
    expect(lockAdmittedFactories({ factoryList: [admitted] }, { holdFactory: true, factoryList: [] })).toEqual({ removed: ['F001'] });
  });

  it('drops a factory code the supplier made up', () => {
    const out = lockAdmittedFactories({ factoryList: [] }, { holdFactory: true, factoryList: [{ baseName: '新基地', factoryCode: 'F999' }] });
    expect(out).toEqual({ values: { holdFactory: true, factoryList: [{ baseName: '新基地' }] } });
  });
});

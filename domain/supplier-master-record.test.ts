import { describe, expect, it } from 'vitest';
import { certifiedRegionOf, factoriesWithCodes, factoryCode } from './supplier-master-record.ts';

describe('factory codes of an admitted supplier', () => {
  it('numbers new factories after the highest code the supplier has', () => {
    expect(factoryCode('100001', 3)).toBe('100001-F03');
    const admitted = [{ baseName: '常州基地', factoryCode: '100001-F07' }];
    expect(factoriesWithCodes([{ baseName: '新基地' }], admitted, '100001')).toEqual([
      { baseName: '新基地', factoryCode: '100001-F08' },
      { baseName: '常州基地', factoryCode: '100001-F07' },
    ]);
  });

  it('gives a factory typed again without its code the code of the admitted one of the same base name, once', () => {
    const admitted = [{ baseName: '常州基地', factoryCode: '100001-F01' }];
    const typedAgain: { baseName: string; factoryCode?: string }[] = [{ baseName: ' 常州基地 ' }, { baseName: '常州基地' }];
    expect(factoriesWithCodes(typedAgain, admitted, '100001').map((f) => f.factoryCode)).toEqual(['100001-F01', '100001-F02']);
  });

  it('keeps what only the master holds of a factory the form lists again (row id, coordinates, remark)', () => {
    const admitted = [
      { baseName: '常州基地', factoryCode: '100001-F01', rowId: 'r1', longitude: '119.97', remark: '变更维护' },
      { baseName: '无锡基地', factoryCode: '100001-F02', rowId: 'r2', latitude: '31.49' },
    ];
    const form: { baseName: string; factoryCode?: string; remark?: string }[] = [
      { baseName: '常州基地', factoryCode: '100001-F01', remark: undefined },
      { baseName: '无锡基地' },
    ];
    expect(factoriesWithCodes(form, admitted, '100001')).toEqual([
      { baseName: '常州基地', factoryCode: '100001-F01', rowId: 'r1', longitude: '119.97', remark: '变更维护' },
      { baseName: '无锡基地', factoryCode: '100001-F02', rowId: 'r2', latitude: '31.49' },
    ]);
  });

  it('keeps codes the form carries, also one that is not the supplier-code pattern', () => {
    expect(factoriesWithCodes([{ baseName: 'A', factoryCode: 'F001' }, { baseName: 'B' }], [], '100001').map((f) => f.factoryCode)).toEqual(['F001', '100001-F01']);
  });
});

describe('the certification region of a registered address', () => {
  it('is the mainland for China, 20 for Hong Kong, Macao and Taiwan, else overseas', () => {
    expect([certifiedRegionOf('CN'), certifiedRegionOf(undefined), certifiedRegionOf('HK'), certifiedRegionOf('TW'), certifiedRegionOf('DE')]).toEqual([10, 10, 20, 20, 30]);
  });
});

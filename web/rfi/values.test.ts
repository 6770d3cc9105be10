import { describe, expect, it } from 'vitest';
import { fill, fillRows, rowsByDictionary, sameKeys } from './values.ts';

const row = (statisticCode = '', statisticDesc = '') => ({ statisticCode, statisticDesc, lastYear: '' as number | string });

describe('form values from a stored section', () => {
  it('keep every input defined where the section omits or nulls a value', () => {
    expect(fill({ a: '', b: null as string | null, c: '' }, { a: 'x', b: null })).toEqual({ a: 'x', b: null, c: '' });
    expect(fill({ a: '' }, null)).toEqual({ a: '' });
  });

  it('fill each stored row over a fresh row', () => {
    expect(fillRows(row, [{ statisticCode: 'A', lastYear: 5 }])).toEqual([{ statisticCode: 'A', statisticDesc: '', lastYear: 5 }]);
    expect(fillRows(row, 'garbage')).toEqual([]);
  });
});

describe('rows driven by a dictionary (finance, sales, certificates)', () => {
  const entries = [
    { key: 'TOTAL_ASSETS', label: '资产总额' },
    { key: 'NET_PROFIT', label: '净利润' },
  ];

  it('give one row per entry in dictionary order, keeping what was entered', () => {
    const stored = [{ statisticCode: 'NET_PROFIT', statisticDesc: '净利润', lastYear: -300 }];
    expect(rowsByDictionary(entries, stored, 'statisticCode', row)).toEqual([
      { statisticCode: 'TOTAL_ASSETS', statisticDesc: '资产总额', lastYear: '' },
      { statisticCode: 'NET_PROFIT', statisticDesc: '净利润', lastYear: -300 },
    ]);
  });

  it('keep a stored row whose entry left the dictionary, at the end', () => {
    const stored = [{ statisticCode: 'OLD', statisticDesc: '旧项目', lastYear: 1 }];
    const rows = rowsByDictionary(entries, stored, 'statisticCode', row);
    expect(rows.map((r) => r.statisticCode)).toEqual(['TOTAL_ASSETS', 'NET_PROFIT', 'OLD']);
    expect(sameKeys(rows, rows.slice(0, 2), 'statisticCode')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { pagingSearch } from './list-tools/paging-search.ts';
import { flowListSearch, listQueryOf } from '../routes/_staff/cert-flow/-components/flow-list-search.ts';
import { integer, oneOf, optionalOneOf, optionalText, searchParams, text } from './search-params.ts';

describe('a link opens its page whatever its search params hold', () => {
  const list = searchParams({ ...pagingSearch, supplier: optionalText({ max: 5 }), status: optionalOneOf(['draft', 'done']) });

  it('reads what the link holds', () => {
    expect(list({ currentPage: 3, pageSize: 50, supplier: '  ACME ', status: 'done' })).toEqual({ currentPage: 3, pageSize: 50, supplier: 'ACME', status: 'done' });
  });

  it('falls back to page 1 of 20 and leaves out what does not read, instead of refusing the link', () => {
    const bad = { currentPage: 0, pageSize: 30, supplier: 'too long a name', status: 'gone' } as unknown as Parameters<typeof list>[0];
    expect(list(bad)).toEqual({ currentPage: 1, pageSize: 20 });
    expect(list({})).toEqual({ currentPage: 1, pageSize: 20 });
  });

  it('takes digits typed into the address as the number or text they stand for', () => {
    const raw = { currentPage: '2', pageSize: '100', flowNo: 12345 } as unknown as Parameters<typeof list>[0];
    expect(searchParams({ ...pagingSearch, flowNo: text() })(raw)).toEqual({ currentPage: 2, pageSize: 100, flowNo: '12345' });
  });

  it('keeps blanks where the param says so, and falls back to a default choice', () => {
    const read = searchParams({ path: optionalText({ trim: false }), mode: oneOf([0, 1, 2], 0), size: integer(20) });
    expect(read({ path: ' /a b ' })).toEqual({ path: ' /a b ', mode: 0, size: 20 });
    expect(read({ mode: 2, size: 7 })).toEqual({ mode: 2, size: 7 });
  });
});

describe('the flow list reads its filters from the URL within the API query limits', () => {
  it('drops a filter longer than the API accepts and queries without the names shown in the form', () => {
    const search = flowListSearch({ flowNo: 'x'.repeat(41), supplierName: '甲', purchaseName: '张三', purchaseJobNumber: 'A1', stage: 20 });
    expect(search).toEqual({ supplierName: '甲', purchaseName: '张三', purchaseJobNumber: 'A1', stage: 20, currentPage: 1, pageSize: 20 });
    expect(listQueryOf(search)).toEqual({ supplierName: '甲', purchaseJobNumber: 'A1', stage: 20, currentPage: 1, pageSize: 20 });
  });
});

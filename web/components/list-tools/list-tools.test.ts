import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_COLUMNS } from '#domain/shell/list-preference.ts';
import { selectAllState, toggleAll, toggleColumn, visibleColumns, type ListColumn } from './columns.ts';
import { filtersToApply, isActive } from './query-filters.ts';
import { hasToggle, opensExpanded, shownItems } from './query-form-layout.ts';
import { debounce, remainingDisplay } from './timing.ts';

describe('query form (req shell §2.6): 4 items a row, the rows past the first behind the expand toggle', () => {
  it('has no toggle while everything fits one row', () => {
    expect(hasToggle(2)).toBe(false);
    expect(hasToggle(4)).toBe(false);
    expect(shownItems(4, false)).toBe(4);
  });

  it('shows the first row folded and every item expanded', () => {
    expect(hasToggle(8)).toBe(true);
    expect(shownItems(8, false)).toBe(4);
    expect(shownItems(8, true)).toBe(8);
  });

  it('opens expanded when a folded item holds an applied filter, so none applies unseen', () => {
    expect(opensExpanded([true, false, false, false, false])).toBe(false);
    expect(opensExpanded([false, false, false, false, false, false, false, true])).toBe(true);
  });
});

describe('query form filters (req shell §2.6 查询/重置)', () => {
  it('applies text trimmed and a blank field as no filter, keeping codes and numbers as chosen', () => {
    expect(filtersToApply({ supplier: '  Acme ', flowNo: '   ', status: 'draft', stage: 20, planNo: undefined })).toEqual({
      supplier: 'Acme',
      flowNo: undefined,
      status: 'draft',
      stage: 20,
      planNo: undefined,
    });
  });

  it('keeps an emptied field as unset, so applying it over the old search clears that filter', () => {
    const old = { supplier: 'Acme', status: 'draft' };
    expect({ ...old, ...filtersToApply({ supplier: '' }) }).toEqual({ supplier: undefined, status: 'draft' });
  });

  it('counts a filter as applied only when it holds a value', () => {
    expect(isActive({ status: 'draft' }, 'status')).toBe(true);
    expect(isActive({ stage: 0 }, 'stage')).toBe(true);
    expect(isActive({ status: undefined }, 'status')).toBe(false);
    expect(isActive({}, 'status')).toBe(false);
  });
});

describe('column chooser (req shell §2.6 table field editor)', () => {
  type Row = { n: number };
  const cols: ListColumn<'scenario-config', Row>[] = LIST_COLUMNS['scenario-config'].columns.map((key) => ({ key, title: key, cell: () => key }));
  const order = cols.map((c) => c.key as string);
  const choosable = order.filter((k) => k !== 'name');

  it('hides the chosen columns in the list order, never the fixed one', () => {
    expect(visibleColumns('scenario-config', cols, ['status', 'name']).map((c) => c.key)).toEqual(['name', 'scenarioType', 'appliedVersion', 'nodeCount', 'runningFlows']);
  });

  it('select all is checked with every column shown, indeterminate with some, and toggles them all', () => {
    expect(selectAllState(choosable, [])).toEqual({ checked: true, indeterminate: false });
    expect(selectAllState(choosable, ['status'])).toEqual({ checked: false, indeterminate: true });
    expect(selectAllState(choosable, choosable)).toEqual({ checked: false, indeterminate: false });
    expect(toggleAll(choosable, [])).toEqual(choosable);
    expect(toggleAll(choosable, ['status'])).toEqual([]);
  });

  it('toggling a column keeps the stored choice in column order', () => {
    expect(toggleColumn(order, ['runningFlows'], 'status')).toEqual(['status', 'runningFlows']);
    expect(toggleColumn(order, ['status', 'runningFlows'], 'status')).toEqual(['runningFlows']);
  });
});

describe('list timing (req shell §4, §9)', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a loading indicator the rest of 300 ms once shown, and no longer after that', () => {
    expect(remainingDisplay(40)).toBe(260);
    expect(remainingDisplay(300)).toBe(0);
    expect(remainingDisplay(900)).toBe(0);
  });

  it('sends a page change 100 ms after the last click, with the page clicked last', () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const onPage = debounce((n: number) => sent.push(n), 100);
    onPage(2);
    vi.advanceTimersByTime(60);
    onPage(3);
    vi.advanceTimersByTime(99);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([3]);
    onPage(4);
    onPage.cancel();
    vi.advanceTimersByTime(200);
    expect(sent).toEqual([3]);
  });
});

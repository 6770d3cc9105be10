import { describe, expect, it } from 'vitest';
import { indexAddRequest, indexDelRequest } from './index-tree.ts';
import { periodChoices, periodRange, planCreateRequest } from './plan.ts';

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const SIBLING = '0b7f7a5e-2a5a-4f55-9d6c-0b1f3c1d2e3f';

describe('the index form', () => {
  const base = { kind: 'INDEX', versionId: 'PIS001-V1', parentId: SIBLING, code: 'Q-PPM', nameZh: '来料PPM', nameEn: 'PPM', weight: 60 } as const;

  it('needs the siblings to add up to 100 with the new weight', () => {
    const r = indexAddRequest.safeParse({ ...base, method: 'MANUAL', reviewerRole: 'QUALITY_REVIEWER', siblingWeights: [{ id: SIBLING, weight: 30 }] });
    expect(paths(r)).toEqual({ weight: 'weightsMustSum100|{"sum":90}' });
    expect(indexAddRequest.safeParse({ ...base, method: 'MANUAL', reviewerRole: 'QUALITY_REVIEWER', siblingWeights: [{ id: SIBLING, weight: 40 }] }).success).toBe(true);
  });

  it('needs a reviewer role for a manual index, and a figure, direction and bands for a computed one', () => {
    expect(paths(indexAddRequest.safeParse({ ...base, weight: 100, method: 'MANUAL' }))).toEqual({ reviewerRole: 'chooseReviewerRole' });
    expect(paths(indexAddRequest.safeParse({ ...base, weight: 100, method: 'COMPUTED' }))).toEqual({ figureKind: 'chooseFigureKind', direction: 'chooseDirection' });
    expect(paths(indexAddRequest.safeParse({ ...base, weight: 100, method: 'COMPUTED', figureKind: 'PPM', direction: 'LOWER', bands: [] }))).toEqual({ bands: 'enterBands' });
  });

  it('refuses weights out of range or with more than 2 decimals', () => {
    expect(paths(indexAddRequest.safeParse({ ...base, weight: 0, method: 'MANUAL', reviewerRole: 'QUALITY_REVIEWER' }))).toEqual({ weight: 'weightRange' });
    expect(paths(indexAddRequest.safeParse({ ...base, weight: 100.001, method: 'MANUAL', reviewerRole: 'QUALITY_REVIEWER' }))).toEqual({ weight: 'weightRange' });
  });

  it('keeps only a group’s fields on a first-level index', () => {
    const r = indexAddRequest.parse({ ...base, parentId: null, weight: 100, method: 'MANUAL', knockOut: true, reviewerRole: 'QUALITY_REVIEWER' });
    expect(r).toMatchObject({ method: null, reviewerRole: null, knockOut: false });
  });

  it('deletes an index only with the remaining siblings adding up to 100', () => {
    expect(paths(indexDelRequest.safeParse({ kind: 'INDEX', id: SIBLING, siblingWeights: [{ id: SIBLING, weight: 50 }] }))).toEqual({ siblingWeights: 'weightsMustSum100|{"sum":50}' });
    expect(indexDelRequest.safeParse({ kind: 'INDEX', id: SIBLING }).success).toBe(true);
  });
});

describe('plan periods and the plan form', () => {
  it('maps month, quarter and year to their first and last day', () => {
    expect(periodRange('MONTH', '2026-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(periodRange('QUARTER', '2026-Q4')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(periodRange('YEAR', '2028')).toEqual({ start: '2028-01-01', end: '2028-12-31' });
    expect(periodRange('MONTH', '2026-Q1')).toBeNull();
  });

  const plan = {
    name: '2026 Q4 绩效',
    periodType: 'QUARTER',
    period: '2026-Q4',
    indexVersionId: 'PIS001-V1',
    scopeMode: 'SUPPLIER',
    supplierNos: ['SN000001'],
    deadline: '2027-01-15T10:00:00.000Z',
    ownerJobNumber: 'E10024',
  };
  it('offers the periods around today to pick from, newest first: the next, the current and those before', () => {
    const today = new Date(2026, 11, 7);
    expect(periodChoices('QUARTER', today).slice(0, 3)).toEqual(['2027-Q1', '2026-Q4', '2026-Q3']);
    expect(periodChoices('MONTH', today).slice(0, 3)).toEqual(['2027-01', '2026-12', '2026-11']);
    expect(periodChoices('YEAR', today)).toEqual(['2027', '2026', '2025', '2024', '2023']);
    for (const type of ['MONTH', 'QUARTER', 'YEAR'] as const) expect(periodChoices(type, today).every((p) => periodRange(type, p))).toBe(true);
  });
  it('defaults the thresholds to A ≥ 90, B ≥ 80', () => {
    expect(planCreateRequest.parse(plan).gradeThresholds).toEqual({ A: 90, B: 80 });
  });
  it('names the field of a wrong period, missing scope and disordered thresholds', () => {
    expect(paths(planCreateRequest.safeParse({ ...plan, period: '2026-13' }))).toEqual({ period: 'periodFormat' });
    // An empty period is a missing one, not a malformed one.
    expect(paths(planCreateRequest.safeParse({ ...plan, period: '' }))).toEqual({ period: 'choosePeriod' });
    expect(paths(planCreateRequest.safeParse({ ...plan, supplierNos: [] }))).toEqual({ supplierNos: 'choosePlanSuppliers' });
    expect(paths(planCreateRequest.safeParse({ ...plan, scopeMode: 'CATEGORY' }))).toEqual({ categoryCodes: 'choosePlanCategories' });
    expect(paths(planCreateRequest.safeParse({ ...plan, gradeThresholds: { A: 80, B: 85 } }))).toEqual({ 'gradeThresholds.A': 'thresholdOrder' });
  });
});

import { describe, expect, it } from 'vitest';
import { translate } from '../../messages.ts';
import { DIMENSION_CODES, INSPECTION_DIMENSIONS } from '../dimensions.ts';
import {
  allScored,
  AUDIT_TARGETS,
  conclusionScore,
  expertsLocked,
  missingExperts,
  saveScoreRequest,
  systemCertCompleter,
  systemCertStep,
} from './system-cert.ts';

const item = (indexCode: string, approveExpertId: string | null = null, submitted = false) => ({ indexCode, approveExpertId, submitted });
const errorsOf = (input: unknown) => {
  const r = saveScoreRequest.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), translate(i.message, 'en')]));
};
const quality = (score: unknown) => ({
  flowNo: 'F1',
  indexCode: 'QUALITY',
  targetList: AUDIT_TARGETS.QUALITY.map((t) => ({ targetCode: t.code, score })),
  expertConclusionStatus: 10,
});

describe('system certification rules (req flow §4.8, §5.8)', () => {
  it('defines 3 to 4 audit targets for every inspection dimension, each named in zh and en', () => {
    for (const d of INSPECTION_DIMENSIONS) {
      const targets = AUDIT_TARGETS[d.code];
      expect(targets.length).toBeGreaterThanOrEqual(3);
      expect(targets.length).toBeLessThanOrEqual(4);
      for (const t of targets) expect(t.zh && t.en).toBeTruthy();
      expect(new Set(targets.map((t) => t.code)).size).toBe(targets.length);
    }
  });

  it("is in the people step until an expert is assigned, then in the score step", () => {
    expect(systemCertStep([item('QUALITY'), item('SUPPLY')])).toBe('people');
    expect(systemCertStep([item('QUALITY'), item('SUPPLY', 'E1')])).toBe('score');
  });

  it('needs an expert for every dimension the flow scores unless the node is optional', () => {
    const items = [item('QUALITY', 'E1'), item('SUPPLY', 'E2')];
    expect(missingExperts(items, false, DIMENSION_CODES)).toEqual(['TECHNOLOGY', 'PRODUCTION', 'BUSINESS']);
    expect(missingExperts(items, false, ['QUALITY', 'SUPPLY'])).toEqual([]);
    expect(missingExperts(items, true, DIMENSION_CODES)).toEqual([]);
  });

  it('locks the experts once a score is submitted', () => {
    expect(expertsLocked([item('QUALITY', 'E1')])).toBe(false);
    expect(expertsLocked([item('QUALITY', 'E1', true)])).toBe(true);
  });

  it('lets the quality expert complete, else the purchasing manager', () => {
    expect(systemCertCompleter([item('QUALITY', 'E20'), item('SUPPLY', 'E23')], 'E2')).toEqual({ completer: 'QUALITY_EXPERT', jobNumber: 'E20' });
    expect(systemCertCompleter([item('QUALITY'), item('SUPPLY', 'E23')], 'E2')).toEqual({ completer: 'PURCHASE_MANAGER', jobNumber: 'E2' });
  });

  it('counts as scored when every assigned item is submitted and at least one is', () => {
    expect(allScored([item('QUALITY'), item('SUPPLY')])).toBe(false);
    expect(allScored([item('QUALITY', 'E1', true), item('SUPPLY', 'E2')])).toBe(false);
    expect(allScored([item('QUALITY', 'E1', true), item('SUPPLY')])).toBe(true);
  });

  it('averages the target scores to 2 decimals, half up, without float drift', () => {
    expect(conclusionScore([90, 85.5, 70.25, 60])).toBe(76.44);
    // 80.155 in floating point is 80.15499…: the naive rounding would give 80.15.
    expect(conclusionScore([80.15, 80.16])).toBe(80.16);
    expect(conclusionScore([0.01, 0.02])).toBe(0.02);
    expect(conclusionScore([])).toBeNull();
  });

  it('takes scores from 0 to 100 with at most 2 decimals, as numbers or numeric strings', () => {
    expect(errorsOf(quality(0))).toEqual({});
    expect(errorsOf(quality('99.99'))).toEqual({});
    expect(errorsOf(quality(100.01))['targetList.0.score']).toBe('Must be at most 100');
    expect(errorsOf(quality(-0.5))['targetList.0.score']).toBe('Must be at least 0');
    expect(errorsOf(quality(1.234))['targetList.0.score']).toBe('At most 2 decimal places');
    expect(errorsOf(quality('abc'))['targetList.0.score']).toBe('Please enter a number');
    expect(errorsOf(quality(null))['targetList.0.score']).toBe('This field is required');
  });

  it('refuses a target of another dimension and a missing conclusion', () => {
    const body = { ...quality(80), targetList: [...quality(80).targetList.slice(1), { targetCode: 'FINANCE', score: 80 }], expertConclusionStatus: 40 };
    expect(errorsOf(body)).toEqual({ 'targetList.3.targetCode': 'Invalid value', targetList: 'This field is required', expertConclusionStatus: 'Invalid value' });
    expect(errorsOf({ ...quality(80), expertConclusionStatus: undefined }).expertConclusionStatus).toBe("Please choose the expert panel's conclusion");
  });
});

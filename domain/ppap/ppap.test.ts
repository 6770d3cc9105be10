import { describe, expect, it } from 'vitest';
import { dispositionIssue, PPAP_ELEMENTS, requiredElements } from './ppap.ts';

describe('PPAP submission levels', () => {
  it('has the 18 elements of the manual, the warrant last', () => {
    expect(PPAP_ELEMENTS.map((e) => e.no)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(PPAP_ELEMENTS.at(-1)!.code).toBe('PSW');
  });

  it.each([
    [1, ['APPEARANCE_APPROVAL', 'PSW']],
    [2, ['DESIGN_RECORDS', 'ENGINEERING_CHANGES', 'DIMENSIONAL_RESULTS', 'MATERIAL_TESTS', 'LAB_DOCUMENTATION', 'APPEARANCE_APPROVAL', 'SAMPLE_PARTS', 'PSW']],
    [4, ['PSW']],
    [5, []],
  ] as const)('level %i asks the supplier to submit %j', (level, codes) => {
    expect(requiredElements(level)).toEqual(codes);
  });

  it('level 3 asks for everything but the master sample and the checking aids', () => {
    expect(requiredElements(3)).toHaveLength(16);
    expect(requiredElements(3)).not.toContain('MASTER_SAMPLE');
    expect(requiredElements(3)).not.toContain('CHECKING_AIDS');
  });

  it('approves only once every element is accepted; rejects at any time', () => {
    expect(dispositionIssue('APPROVED', false)).toBe('ppapNotAllAccepted');
    expect(dispositionIssue('INTERIM', false)).toBe('ppapNotAllAccepted');
    expect(dispositionIssue('REJECTED', false)).toBeUndefined();
    expect(dispositionIssue('INTERIM', true)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { FIRST_CATALOGUE, type VdaElement } from './catalogue.ts';
import { auditFigures, enoughEvaluated, gradeRuleText, type VdaEvaluation } from './fulfilment.ts';

/** The questions of the given elements, as an audit's scope lists them. */
const scope = (...elements: VdaElement[]) => FIRST_CATALOGUE.filter((e) => elements.includes(e.code)).flatMap((e) => e.questions);

/**
 * Every question of the scope scored 10 (P6 in each of `steps`), then the given scores: `P6.3.1@S2` names one step's
 * evaluation, `P6.3.1` all of them.
 */
function evaluations(elements: VdaElement[], scores: Record<string, number | null> = {}, steps = ['S1']): VdaEvaluation[] {
  return scope(...elements).flatMap((q) => {
    const at = q.id.startsWith('P6') ? steps : [null];
    return at.map((step) => ({ questionId: q.id, step, score: `${q.id}@${step}` in scores ? scores[`${q.id}@${step}`] : q.id in scores ? scores[q.id] : 10 }));
  });
}

/** P6's scores in one step: every unstarred question at `unstarred`, every starred one at `starred`. */
function p6Step(step: string, unstarred: number, starred: number): Record<string, number> {
  return Object.fromEntries(scope('P6').map((q) => [`${q.id}@${step}`, q.starred ? starred : unstarred]));
}

describe('VDA 6.3 degrees of fulfilment', () => {
  it('counts an element as its points over ten per evaluated question; n.e. is left out', () => {
    const f = auditFigures(scope('P5'), evaluations(['P5'], { 'P5.1': 8, 'P5.2': 8, 'P5.3': 6, 'P5.6': null, 'P5.7': 4 }));
    // 10 + 10 + 8 + 8 + 6 + 4 = 46 of 60 (six evaluated) = 76.7 %.
    expect(f.elements.P5).toEqual({ percent: 77, evaluated: 6, total: 7 });
    expect(f.overall.percent).toBe(77);
  });

  it('averages a question seen in several process steps first, to two decimals, and figures each step on its own', () => {
    const steps = ['S1', 'S2', 'S3'];
    const f = auditFigures(scope('P6'), evaluations(['P6'], { 'P6.3.1@S2': 8, 'P6.3.1@S3': 8 }, steps));
    // P6.3.1 counts 8.67 (10, 8, 8); U3 = (8.67 + 10 + 10) / 30 = 95.6 %.
    expect(f.subElements.U3?.percent).toBe(96);
    expect(f.elements.P6?.percent).toBe(Math.round((25 * 10 + 8.67) / 2.6));
    expect(f.steps).toMatchObject({ S1: { percent: 100 }, S2: { percent: 99 }, S3: { percent: 99 } });
  });

  it('figures the audit over every question: all points over all points possible', () => {
    const f = auditFigures(scope('P5', 'P7'), evaluations(['P5', 'P7'], { 'P5.1': 6, 'P7.1': 6 }));
    expect(f.overall).toEqual({ percent: Math.round((112 / 120) * 100), evaluated: 12, total: 12 });
  });

  it('gives no grade while nothing is evaluated', () => {
    expect(auditFigures(scope('P7'), []).grade).toBeNull();
  });

  it('asks for at least two thirds of an element evaluated', () => {
    expect(enoughEvaluated({ percent: 80, evaluated: 4, total: 6 })).toBe(true);
    expect(enoughEvaluated({ percent: 80, evaluated: 3, total: 5 })).toBe(false);
  });
});

describe('VDA 6.3 grade and the rule that decides it', () => {
  const all: VdaElement[] = ['P5', 'P6', 'P7'];
  const rows: { case: string; elements?: VdaElement[]; scores: Record<string, number | null>; steps?: string[]; grade: string; rule: string; subject?: string }[] = [
    { case: 'every question at 10', scores: {}, grade: 'A', rule: 'OVERALL_AT_LEAST_90' },
    { case: 'overall 89 % (340 of 380) stays below A', scores: { 'P5.1': 6, 'P5.2': 6, 'P5.3': 6, 'P5.6': 6, 'P5.7': 6, 'P7.1': 6, 'P7.2': 6, 'P7.5': 6, 'P6.3.1': 6, 'P6.3.2': 6 }, grade: 'B', rule: 'OVERALL_AT_LEAST_80' },
    { case: 'overall exactly 80 %', elements: ['P5', 'P7'], scores: Object.fromEntries(scope('P5', 'P7').map((q) => [q.id, 8])), grade: 'B', rule: 'OVERALL_AT_LEAST_80' },
    { case: 'overall below 80 %', elements: ['P5', 'P7'], scores: Object.fromEntries(scope('P5', 'P7').map((q) => [q.id, 6])), grade: 'C', rule: 'OVERALL_BELOW_80' },
    { case: 'an element below 70 % downgrades an A to C', scores: { 'P7.1': 4, 'P7.2': 6, 'P7.3': 6, 'P7.4': 6 }, grade: 'C', rule: 'ELEMENT_BELOW_70', subject: 'P7' },
    { case: 'a process step below 70 % downgrades to C', scores: p6Step('S2', 4, 6), steps: ['S1', 'S2'], grade: 'C', rule: 'STEP_BELOW_70', subject: 'S2' },
    { case: 'a starred question at 0 downgrades an A to C', scores: { 'P5.4': 0 }, grade: 'C', rule: 'STARRED_AT_0', subject: 'P5.4' },
    { case: 'a starred question at 0 downgrades a B to C', scores: { 'P5.4': 0, 'P7.1': 6, 'P7.2': 6, 'P6.3.1': 4, 'P6.3.2': 4, 'P6.3.3': 4, 'P6.2.1': 4 }, grade: 'C', rule: 'STARRED_AT_0', subject: 'P5.4' },
    { case: 'an element below 80 % downgrades an A to B', scores: { 'P7.1': 4, 'P7.2': 6, 'P7.5': 8 }, grade: 'B', rule: 'ELEMENT_BELOW_80', subject: 'P7' },
    { case: 'a P6 sub-element below 80 % downgrades an A to B', scores: { 'P6.3.1': 6, 'P6.3.2': 6 }, grade: 'B', rule: 'SUB_ELEMENT_BELOW_80', subject: 'U3' },
    { case: 'a process step below 80 % downgrades an A to B', scores: p6Step('S2', 6, 10), steps: ['S1', 'S2'], grade: 'B', rule: 'STEP_BELOW_80', subject: 'S2' },
    { case: 'a starred question at 4 downgrades an A to B', scores: { 'P7.3': 4 }, grade: 'B', rule: 'STARRED_AT_4', subject: 'P7.3' },
    { case: 'any question at 0 downgrades an A to B', scores: { 'P5.1': 0 }, grade: 'B', rule: 'QUESTION_AT_0', subject: 'P5.1' },
    { case: 'a starred question at 4 leaves a B a B', scores: { 'P7.3': 4, 'P5.1': 6, 'P5.2': 6, 'P5.3': 6, 'P5.6': 6, 'P5.7': 6, 'P7.1': 6, 'P7.2': 6, 'P6.3.1': 6, 'P6.3.2': 6 }, grade: 'B', rule: 'OVERALL_AT_LEAST_80' },
    { case: 'a C rule is read before a B rule', scores: { 'P7.3': 4, 'P5.4': 0 }, grade: 'C', rule: 'STARRED_AT_0', subject: 'P5.4' },
  ];

  it.each(rows)('$case → $grade ($rule)', (row) => {
    const elements = row.elements ?? all;
    const f = auditFigures(scope(...elements), evaluations(elements, row.scores, row.steps));
    expect(f.grade).toEqual({ grade: row.grade, rule: row.rule, ...(row.subject ? { subject: row.subject } : {}) });
  });

  it('says the rule in words, naming what it names', () => {
    expect(gradeRuleText({ grade: 'B', rule: 'STARRED_AT_4', subject: 'P7.3' }, 'en')).toBe('Starred question P7.3 scored 4: downgraded from A to B');
    expect(gradeRuleText({ grade: 'C', rule: 'ELEMENT_BELOW_70', subject: 'P7' }, 'zh')).toBe('过程要素 P7 符合率 < 70%，降为 C');
  });
});

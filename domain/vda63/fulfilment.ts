import { elementOf, subElementOf, VDA_ELEMENTS, type VdaElement, type VdaSubElement } from './catalogue.ts';

/**
 * The VDA 6.3 arithmetic (req flow §10.3): degrees of fulfilment and the grade with the rule that decided it.
 *
 * - A question is scored 0, 4, 6, 8 or 10, or not evaluated (n.e., excluded). A question evaluated several times
 *   (P6, once per process step) counts with the mean of its scores, to 2 decimals.
 * - An element's figure E_Pn is its questions' points over the points possible (10 per evaluated question); P6's
 *   sub-elements E_U1…E_U6 and each process step E_n likewise; the overall figure E_G is every question's points over
 *   every possible point. Figures are read as whole percent (half up) for the grade.
 * - Grade: A from 90 %, B from 80 %, else C. Downgraded to C, even from 90 %: an element or a process step below 70 %,
 *   a starred question at 0. Downgraded from A to B: an element, a sub-element or a process step below 80 %, a
 *   starred question at 4, any question at 0.
 */

export const VDA_SCORES = [0, 4, 6, 8, 10] as const;
export type VdaScore = (typeof VDA_SCORES)[number];

/** One evaluation: a question, the process step it was seen in (P6 only), its score or null for n.e. */
export interface VdaEvaluation {
  questionId: string;
  step?: string | null;
  score: number | null;
}

export interface Figure {
  /** Whole percent, or null while nothing of it is evaluated. */
  percent: number | null;
  evaluated: number;
  total: number;
}

export type GradeRule =
  | 'OVERALL_AT_LEAST_90'
  | 'OVERALL_AT_LEAST_80'
  | 'OVERALL_BELOW_80'
  | 'ELEMENT_BELOW_70'
  | 'STEP_BELOW_70'
  | 'STARRED_AT_0'
  | 'ELEMENT_BELOW_80'
  | 'SUB_ELEMENT_BELOW_80'
  | 'STEP_BELOW_80'
  | 'STARRED_AT_4'
  | 'QUESTION_AT_0';

export interface Grade {
  grade: 'A' | 'B' | 'C';
  rule: GradeRule;
  /** What the rule names: an element, sub-element, process step or question; none for the overall thresholds. */
  subject?: string;
}

export interface AuditFigures {
  elements: Partial<Record<VdaElement, Figure>>;
  subElements: Partial<Record<VdaSubElement, Figure>>;
  steps: Record<string, Figure>;
  overall: Figure;
  grade: Grade | null;
}

/** Half up to whole percent, computed in hundredths of a point so 2-decimal means add exactly. */
const percentOf = (hundredths: number, evaluated: number): number | null => (evaluated ? Math.round(hundredths / (10 * evaluated)) : null);

/** Mean of scores in hundredths of a point, rounded half up to 2 decimals. */
const meanHundredths = (scores: readonly number[]): number => Math.round((scores.reduce((s, x) => s + x, 0) * 100) / scores.length);

interface Tally {
  hundredths: number;
  evaluated: number;
  total: number;
}
const tally = (): Tally => ({ hundredths: 0, evaluated: 0, total: 0 });
const figure = (t: Tally): Figure => ({ percent: percentOf(t.hundredths, t.evaluated), evaluated: t.evaluated, total: t.total });

/**
 * The figures of an audit over `questions` (the scope's question ids with their star) from its evaluations: each
 * question counts once (its evaluations averaged), each step over its own evaluations. The grade is given once
 * anything is evaluated.
 */
export function auditFigures(questions: readonly { id: string; starred: boolean }[], evaluations: readonly VdaEvaluation[]): AuditFigures {
  const byQuestion = new Map<string, VdaEvaluation[]>();
  for (const e of evaluations) byQuestion.set(e.questionId, [...(byQuestion.get(e.questionId) ?? []), e]);
  const elements = new Map<VdaElement, Tally>();
  const subs = new Map<VdaSubElement, Tally>();
  const steps = new Map<string, Tally>();
  const overall = tally();
  const add = <K>(map: Map<K, Tally>, key: K, hundredths: number | null) => {
    const t = map.get(key) ?? tally();
    map.set(key, t);
    t.total++;
    if (hundredths !== null) {
      t.hundredths += hundredths;
      t.evaluated++;
    }
  };
  for (const question of questions) {
    const scored = (byQuestion.get(question.id) ?? []).filter((e) => e.score !== null);
    const value = scored.length ? meanHundredths(scored.map((e) => e.score!)) : null;
    add(elements, elementOf(question.id), value);
    const sub = subElementOf(question.id);
    if (sub) add(subs, sub, value);
    overall.total++;
    if (value !== null) {
      overall.hundredths += value;
      overall.evaluated++;
    }
    for (const e of scored) if (e.step) add(steps, e.step, e.score! * 100);
  }
  const result: AuditFigures = {
    elements: Object.fromEntries([...elements].map(([k, t]) => [k, figure(t)])),
    subElements: Object.fromEntries([...subs].map(([k, t]) => [k, figure(t)])),
    steps: Object.fromEntries([...steps].map(([k, t]) => [k, figure(t)])),
    overall: figure(overall),
    grade: null,
  };
  result.grade = gradeOf(result, questions, evaluations);
  return result;
}

/** The first figure of `figures` below `limit`, in their order. */
function firstBelow(figures: Record<string, Figure>, order: readonly string[], limit: number): string | undefined {
  return order.find((k) => figures[k]?.percent != null && figures[k].percent! < limit);
}

/** The grade and the rule that decided it (the order of the checks is the order the rules are read in). */
export function gradeOf(f: Omit<AuditFigures, 'grade'>, questions: readonly { id: string; starred: boolean }[], evaluations: readonly VdaEvaluation[]): Grade | null {
  const overall = f.overall.percent;
  if (overall === null) return null;
  if (overall < 80) return { grade: 'C', rule: 'OVERALL_BELOW_80' };
  const starred = new Set(questions.filter((x) => x.starred).map((x) => x.id));
  const scored = evaluations.filter((e) => e.score !== null && questions.some((x) => x.id === e.questionId));
  const question = (test: (e: VdaEvaluation) => boolean) => scored.find(test)?.questionId;
  const stepNames = Object.keys(f.steps);

  const toC: [GradeRule, string | undefined][] = [
    ['ELEMENT_BELOW_70', firstBelow(f.elements, VDA_ELEMENTS, 70)],
    ['STEP_BELOW_70', firstBelow(f.steps, stepNames, 70)],
    ['STARRED_AT_0', question((e) => starred.has(e.questionId) && e.score === 0)],
  ];
  for (const [rule, subject] of toC) if (subject) return { grade: 'C', rule, subject };
  if (overall < 90) return { grade: 'B', rule: 'OVERALL_AT_LEAST_80' };

  const toB: [GradeRule, string | undefined][] = [
    ['ELEMENT_BELOW_80', firstBelow(f.elements, VDA_ELEMENTS, 80)],
    ['SUB_ELEMENT_BELOW_80', firstBelow(f.subElements, Object.keys(f.subElements).sort(), 80)],
    ['STEP_BELOW_80', firstBelow(f.steps, stepNames, 80)],
    ['STARRED_AT_4', question((e) => starred.has(e.questionId) && e.score === 4)],
    ['QUESTION_AT_0', question((e) => e.score === 0)],
  ];
  for (const [rule, subject] of toB) if (subject) return { grade: 'B', rule, subject };
  return { grade: 'A', rule: 'OVERALL_AT_LEAST_90' };
}

/** Req flow §10.2: at least two thirds of an element's questions must be evaluated for it to count. */
export function enoughEvaluated(f: Figure): boolean {
  return f.evaluated * 3 >= f.total * 2;
}

/** How each rule reads, with `{subject}` for what it names. */
export const GRADE_RULE_TEXT: Record<GradeRule, { zh: string; en: string }> = {
  OVERALL_AT_LEAST_90: { zh: '总符合率 ≥ 90%', en: 'Overall fulfilment ≥ 90 %' },
  OVERALL_AT_LEAST_80: { zh: '总符合率 ≥ 80% 且 < 90%', en: 'Overall fulfilment ≥ 80 % and < 90 %' },
  OVERALL_BELOW_80: { zh: '总符合率 < 80%', en: 'Overall fulfilment < 80 %' },
  ELEMENT_BELOW_70: { zh: '过程要素 {subject} 符合率 < 70%，降为 C', en: 'Process element {subject} below 70 %: downgraded to C' },
  STEP_BELOW_70: { zh: '工序 {subject} 符合率 < 70%，降为 C', en: 'Process step {subject} below 70 %: downgraded to C' },
  STARRED_AT_0: { zh: '星号问题 {subject} 得 0 分，降为 C', en: 'Starred question {subject} scored 0: downgraded to C' },
  ELEMENT_BELOW_80: { zh: '过程要素 {subject} 符合率 < 80%，由 A 降为 B', en: 'Process element {subject} below 80 %: downgraded from A to B' },
  SUB_ELEMENT_BELOW_80: { zh: '子要素 {subject} 符合率 < 80%，由 A 降为 B', en: 'Sub-element {subject} below 80 %: downgraded from A to B' },
  STEP_BELOW_80: { zh: '工序 {subject} 符合率 < 80%，由 A 降为 B', en: 'Process step {subject} below 80 %: downgraded from A to B' },
  STARRED_AT_4: { zh: '星号问题 {subject} 得 4 分，由 A 降为 B', en: 'Starred question {subject} scored 4: downgraded from A to B' },
  QUESTION_AT_0: { zh: '问题 {subject} 得 0 分，由 A 降为 B', en: 'Question {subject} scored 0: downgraded from A to B' },
};

export function gradeRuleText(g: Grade, locale: 'zh' | 'en'): string {
  return GRADE_RULE_TEXT[g.rule][locale].replace('{subject}', g.subject ?? '');
}

import { z } from 'zod';
import { optionalText, requiredText, emailField } from '../fields.ts';
import { withParams } from '../messages.ts';
import { documentItem } from '../cert-flow/documents.ts';
import { dayField } from '../certificates/certificate.ts';
import { flowNoField } from '../cert-flow/flow-no.ts';
import { PER_STEP_ELEMENTS, VDA_ELEMENTS, elementOf } from './catalogue.ts';
import { VDA_SCORES } from './fulfilment.ts';

/**
 * A VDA 6.3 process audit in system certification (req flow §10): the purchasing manager names an expert per
 * process element of the scenario's scope and the process steps P6 is seen in; each expert scores their elements
 * question by question; a finding below 10 may become an action item the supplier answers on the portal.
 */

export const FINDING_MAX = 500;
export const EVIDENCE_FILE_MAX = 5;
export const STEPS_MAX = 10;
export const STEP_NAME_MAX = 50;
export const ACTION_TEXT_MAX = 500;

const elementField = z.enum(VDA_ELEMENTS, { error: 'invalidValue' });

/** The item a request is about: the flow and an element, parsed before the caller is admitted. */
export const vdaElementRef = z.object({ flowNo: flowNoField, element: elementField });

/** POST /v1/vda-audit/experts: an expert per element of the scope and the process steps of P6. */
export const vdaExpertsRequest = z.object({
  flowNo: flowNoField,
  experts: z
    .array(z.object({ element: elementField, jobNumber: requiredText(32, 'chooseAllExperts') }))
    .max(VDA_ELEMENTS.length, withParams('maxRows', { max: VDA_ELEMENTS.length })),
  steps: z
    .array(requiredText(STEP_NAME_MAX))
    .max(STEPS_MAX, withParams('maxRows', { max: STEPS_MAX }))
    .superRefine((steps, ctx) => {
      steps.forEach((s, i) => {
        if (steps.indexOf(s) !== i) ctx.addIssue({ code: 'custom', path: [i], message: withParams('duplicateRow', { code: s }) });
      });
    }),
});
export type VdaExpertsRequest = z.infer<typeof vdaExpertsRequest>;

/** A score as the form gives it: one of 0, 4, 6, 8, 10; anything else names the field. */
const scoreField = z
  .number({ error: 'vdaScoreInvalid' })
  .refine((v) => (VDA_SCORES as readonly number[]).includes(v), { error: 'vdaScoreInvalid' })
  .nullable();

export const vdaAnswerInput = z
  .object({
    questionId: z.string().trim().max(16, 'invalidValue'),
    step: z.string().trim().max(STEP_NAME_MAX).nullish().transform((v) => v || ''),
    /** null: not evaluated (n.e.), which needs `finding` as its reason. */
    score: scoreField,
    finding: optionalText(FINDING_MAX),
    documentList: z.array(documentItem).max(EVIDENCE_FILE_MAX, withParams('tooManyFiles', { max: EVIDENCE_FILE_MAX })).default([]),
  })
  .superRefine((a, ctx) => {
    if (a.score === null && !a.finding) ctx.addIssue({ code: 'custom', path: ['finding'], message: 'vdaNotEvaluatedReason' });
    else if (a.score !== null && a.score < 10 && !a.finding) ctx.addIssue({ code: 'custom', path: ['finding'], message: 'vdaFindingRequired' });
  });
export type VdaAnswerInput = z.infer<typeof vdaAnswerInput>;

/** POST /v1/vda-audit/score: an expert's answers for one element; `submit` hands the element in. */
export const vdaScoreRequest = z
  .object({
    flowNo: flowNoField,
    element: elementField,
    answers: z.array(vdaAnswerInput).max(300, withParams('maxRows', { max: 300 })),
    submit: z.boolean({ error: 'invalidValue' }),
  })
  .superRefine((b, ctx) => {
    b.answers.forEach((a, i) => {
      if (elementOf(a.questionId) !== b.element) ctx.addIssue({ code: 'custom', path: ['answers', i, 'questionId'], message: 'vdaQuestionNotInElement' });
      const perStep = PER_STEP_ELEMENTS.includes(b.element);
      if (perStep !== Boolean(a.step)) ctx.addIssue({ code: 'custom', path: ['answers', i, 'step'], message: perStep ? 'vdaStepRequired' : 'invalidValue' });
    });
  });
export type VdaScoreRequest = z.infer<typeof vdaScoreRequest>;

/** POST /v1/vda-audit/action: a finding becomes an action item for the supplier. */
export const vdaActionRequest = z.object({
  flowNo: flowNoField,
  questionId: z.string().trim().max(16, 'invalidValue'),
  step: z.string().trim().max(STEP_NAME_MAX).nullish().transform((v) => v || ''),
  measure: requiredText(ACTION_TEXT_MAX, 'vdaActionMeasureRequired'),
  ownerName: requiredText(50, 'vdaActionOwnerRequired'),
  ownerEmail: emailField,
  dueDate: dayField,
});
export type VdaActionRequest = z.infer<typeof vdaActionRequest>;

/** POST /v1/vda-audit/action-close: the expert closes an answered action item, or returns it with a comment. */
export const vdaActionCloseRequest = z
  .object({
    flowNo: flowNoField,
    actionId: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).positive({ error: 'invalidValue' }),
    decision: z.enum(['CLOSE', 'RETURN'], { error: 'invalidValue' }),
    comment: optionalText(ACTION_TEXT_MAX),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'RETURN' && !b.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'vdaActionReturnReason' });
  });
export type VdaActionCloseRequest = z.infer<typeof vdaActionCloseRequest>;

/** POST /api/v1/portal/vda-actions/answer (portal): the supplier's answer with its evidence. */
export const vdaActionAnswerRequest = z.object({
  actionId: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).positive({ error: 'invalidValue' }),
  answer: requiredText(ACTION_TEXT_MAX, 'vdaActionAnswerRequired'),
  documentList: z
    .array(documentItem)
    .min(1, 'uploadAttachments')
    .max(EVIDENCE_FILE_MAX, withParams('tooManyFiles', { max: EVIDENCE_FILE_MAX })),
});
export type VdaActionAnswerRequest = z.infer<typeof vdaActionAnswerRequest>;

export const VDA_ACTION_STATUS = ['OPEN', 'ANSWERED', 'CLOSED'] as const;

export const vdaAction = z.object({
  id: z.number(),
  flowNo: z.string(),
  supplierName: z.string(),
  questionId: z.string(),
  questionText: z.string(),
  step: z.string(),
  finding: z.string(),
  measure: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  dueDate: z.string(),
  status: z.enum(VDA_ACTION_STATUS),
  answer: z.string().nullable(),
  answerDocuments: z.array(documentItem),
  returnComment: z.string().nullable(),
  overdue: z.boolean(),
});
export type VdaAction = z.infer<typeof vdaAction>;

const figure = z.object({ percent: z.number().nullable(), evaluated: z.number(), total: z.number() });

export const vdaAuditDetail = z.object({
  flowNo: z.string(),
  nodeStatus: z.number(),
  catalogueVersion: z.number(),
  edition: z.string(),
  steps: z.array(z.string()),
  elements: z.array(
    z.object({
      code: z.enum(VDA_ELEMENTS),
      name: z.string(),
      expertJobNumber: z.string().nullable(),
      expertName: z.string().nullable(),
      submitted: z.boolean(),
      questions: z.array(z.object({ id: z.string(), text: z.string(), starred: z.boolean(), subElement: z.string().nullable() })),
    }),
  ),
  answers: z.array(
    z.object({
      questionId: z.string(),
      step: z.string(),
      score: z.number().nullable(),
      finding: z.string().nullable(),
      documentList: z.array(documentItem),
    }),
  ),
  figures: z.object({
    elements: z.record(z.string(), figure),
    subElements: z.record(z.string(), figure),
    steps: z.record(z.string(), figure),
    overall: figure,
  }),
  grade: z.object({ grade: z.enum(['A', 'B', 'C']), rule: z.string(), subject: z.string().optional(), text: z.string() }).nullable(),
  actions: z.array(vdaAction),
  /** The node's principal may name the experts and steps (until the first element is handed in). */
  mayAssign: z.boolean(),
  /** The elements this user scores, while the node is in progress. */
  myElements: z.array(z.enum(VDA_ELEMENTS)),
  /** The principal may complete: every element handed in. */
  mayComplete: z.boolean(),
});
export type VdaAuditDetail = z.infer<typeof vdaAuditDetail>;

import { z } from 'zod';
import { optionalText } from '../fields.ts';
import { withParams } from '../messages.ts';
import { documentItem } from './documents.ts';
import { APPROVAL_STATUS, type ApprovalStatus } from './evaluation.ts';
import { flowNoField } from './flow-no.ts';
import { tableValue } from '../answer-kit.ts';
import { HIGH_POTENTIAL_TODO_TYPE, todoListField, todoRow, todoView } from './todos.ts';

/**
 * The high-potential supplier application (req flow §2.6, §3.6, §5.7, §7.8): conclusion attachments and a
 * to-do list, submitted for approval by the KCP2 principal when the meeting concluded "access as
 * high-potential supplier". Approved, it marks the supplier's categories high potential.
 */

/** Req flow §3.16: the high-potential conclusion files. */
export const HIGH_POTENTIAL_DOCUMENT_TYPE = 'meet_conclusion';
export const HIGH_POTENTIAL_FILE_MAX = 5;
/** Not in the requirements, which names the field only: the longest description the other node forms take. */
export const HIGH_POTENTIAL_DESCRIPTION_MAX = 500;

const conclusionFile = documentItem.extend({
  documentType: z.literal(HIGH_POTENTIAL_DOCUMENT_TYPE, { error: 'invalidValue' }).optional(),
});

const highPotentialTodoRow = todoRow.extend({
  todoType: z.literal(HIGH_POTENTIAL_TODO_TYPE, { error: 'invalidValue' }).optional(),
});

/**
 * Save and submit take the same body: save keeps work in progress within the limits; submit also
 * needs what req flow §5.7 asks (`highPotentialReady`).
 */
export const highPotentialRequest = z.object({
  flowNo: flowNoField,
  description: optionalText(HIGH_POTENTIAL_DESCRIPTION_MAX),
  documentList: z.preprocess(
    (v) => v ?? [],
    z.array(conclusionFile).max(HIGH_POTENTIAL_FILE_MAX, { error: withParams('tooManyFiles', { max: HIGH_POTENTIAL_FILE_MAX }) }),
  ),
  todoList: todoListField(highPotentialTodoRow),
});
export type HighPotentialRequest = z.infer<typeof highPotentialRequest>;

/** Req flow §5.7: an attachment and a first to-do with content, else '请填写待办事项，并上传高潜供应商结论附件！'. */
export function highPotentialReady(v: { documentList: readonly unknown[]; todoList: readonly { todoName?: string | null }[] }): boolean {
  return v.documentList.length > 0 && !!v.todoList[0]?.todoName?.trim();
}

/** Not started or rejected: the application can be edited and submitted (again). */
export const highPotentialEditable = (status: ApprovalStatus): boolean => status === APPROVAL_STATUS.NOTSTART || status === APPROVAL_STATUS.REJECT;

/** GET /v1/supplier-assessment/get_high-supplier-apply (req flow §3.6). */
export const highPotentialDetail = z.object({
  flowNo: z.string(),
  accessType: z.literal('HIGH_POTENTIAL'),
  /** The approval status: -1 not started, 0 rejected, 10 in progress, 20 finished. */
  accessStatus: tableValue(APPROVAL_STATUS),
  description: z.string(),
  documentList: z.array(documentItem.extend({ documentType: z.string() })),
  todoList: z.array(todoView),
  bpmUrl: z.string().nullable(),
  bpmRemark: z.string().nullable(),
  /** The saved KCP2 conclusion is the high-potential one. */
  available: z.boolean(),
  /** This user may save and submit it now. */
  canEdit: z.boolean(),
  updateTime: z.string().nullable(),
});
export type HighPotentialDetail = z.infer<typeof highPotentialDetail>;

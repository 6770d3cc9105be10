import { z } from 'zod';
import { documentItem } from '../documents.ts';
import { tableValue } from '../../answer-kit.ts';
import { APPROVAL_STATUS, CODE_STATUS } from '../evaluation.ts';
import { flowNoField } from '../flow-no.ts';
import { todoListField, todoRow, todoView } from '../todos.ts';
import { withParams } from '../../messages.ts';
import { KCP_FILE_MAX } from './kcp.ts';
import { attachments, conclusionField } from './node-form.ts';

/**
 * The second-stage meeting conclusion (req flow §3.5, §4.3, §4.4, §5.6, §7.7): a conclusion, the
 * meeting's attachments and its to-do list; the high-potential and supplier-code applications hang
 * off it. Save keeps the work (and sends the to-dos out); complete closes the node.
 */

export const KCP2_CONCLUSION_DICT = 'kcp2_supplier_access_apply_status';

const kcp2Todos = todoListField(todoRow);

/** Save without completing: the limits hold, the conclusion and attachments may still be missing. */
export const kcp2SaveRequest = z.object({
  flowNo: flowNoField,
  accessStatus: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).nullish(),
  documentList: z.preprocess((v) => v ?? [], z.array(documentItem).max(KCP_FILE_MAX, { error: withParams('tooManyFiles', { max: KCP_FILE_MAX }) })),
  todoList: kcp2Todos,
});
export type Kcp2SaveRequest = z.infer<typeof kcp2SaveRequest>;

/** Complete: every rule of req flow §5.6. */
export const kcp2CompleteRequest = kcp2SaveRequest.extend({
  accessStatus: conclusionField('chooseMeetingConclusion'),
  documentList: attachments({ max: KCP_FILE_MAX, missing: 'uploadAttachments' }),
});
export type Kcp2CompleteRequest = z.infer<typeof kcp2CompleteRequest>;

/** GET /v1/supplier-assessment/task-detail: what the KCP2 screen shows and offers this user. */
export const kcp2Detail = z.object({
  flowNo: z.string(),
  nodeCode: z.literal('KCP2'),
  /** The conclusion's kcp2_supplier_access_apply_status key, null until chosen. */
  accessStatus: z.number().nullable(),
  documentList: z.array(documentItem),
  todoList: z.array(todoView),
  nodeStatus: z.number(),
  /** The node is in progress and this user is its principal: save, complete and the applications. */
  canEdit: z.boolean(),
  principal: z.boolean(),
  taskPrincipalId: z.string().nullable(),
  taskPrincipalName: z.string().nullable(),
  updateTime: z.string().nullable(),
  /** The saved conclusion is the high-potential one: the application is needed (and possible). */
  highPotentialRequired: z.boolean(),
  highPotentialStatus: tableValue(APPROVAL_STATUS),
  /** The approval's record card, once an approval was started. */
  bpmUrl: z.string().nullable(),
  bpmRemark: z.string().nullable(),
  supplierCodeStatus: tableValue(CODE_STATUS),
  /** Req flow §4.4: the supplier-code button is enabled. */
  supplierCodeAvailable: z.boolean(),
  /** A requalification's KCP2: no high-potential or supplier-code application, only the conclusion. */
  requalification: z.boolean(),
  /** The ERP refused the approved application: what to correct, in the reader's language (domain/release/erp-refusal.ts). */
  erpRefusal: z.string().nullable(),
});
export type Kcp2Detail = z.infer<typeof kcp2Detail>;

import { z } from 'zod';
import { DOCUMENT_EXTENSIONS } from '../../files.ts';
import { requiredText } from '../../fields.ts';
import { type MessageId, withParams } from '../../messages.ts';
import { documentItem } from '../documents.ts';
import { flowNoField } from '../flow-no.ts';
import { rowAction, type RowAction } from '../row-actions.ts';

/**
 * The publicity node (req flow §2.3, §2.6, §3.12, §4.6, §5.10, §6): a period counted down to its task's
 * end time, an objections table saved by the node's principal, a return to KCP2, and a push of the
 * publicity as an announcement by whoever holds cert_process_manage_all. No complete button: the
 * period's end moves the flow on (req flow §4.2).
 */

/** Req flow §5.10: the objection's description, 1 to 50 characters. */
export const OBJECTION_DESCRIPTION_MAX = 50;
/** Req flow §5.10: the attachment types are those of every node attachment. */
export const OBJECTION_FILE_TYPES = DOCUMENT_EXTENSIONS;
/** Not in the requirements: a bound on one save (OWASP API4). */
export const OBJECTION_ROWS_MAX = 100;

/**
 * One row of the table. `id` names a saved row (absent for a new one); the attachment is one file or
 * none (req flow §3.12 holds one name and URL per row); the proposer's name comes from the staff table.
 */
export const objectionRow = z
  .object({
    id: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).positive({ error: 'invalidValue' }).nullish(),
    description: z
      .string({ error: 'enterObjection' })
      .trim()
      .min(1, { error: 'enterObjection' })
      .max(OBJECTION_DESCRIPTION_MAX, { error: 'objectionTooLong' }),
    proposerId: requiredText(32, 'chooseProposer'),
    documentName: documentItem.shape.documentName.nullish(),
    documentUrl: documentItem.shape.documentUrl.nullish(),
  })
  .refine((r) => !r.documentName === !r.documentUrl, { error: 'unknownFile', path: ['documentUrl'] });
export type ObjectionRow = z.infer<typeof objectionRow>;

/** POST /v1/supplier-publicity/save: the whole table; rows left out are deleted. */
export const publicitySaveRequest = z.object({
  flowNo: flowNoField,
  objectionList: z.preprocess(
    (v) => v ?? [],
    z.array(objectionRow).max(OBJECTION_ROWS_MAX, { error: withParams('maxRows', { max: OBJECTION_ROWS_MAX }) }),
  ),
});
export type PublicitySaveRequest = z.infer<typeof publicitySaveRequest>;

/** A saved objection as the screen shows it (req flow §3.12; `aid` is our row id). */
export const objectionView = z.object({
  id: z.number(),
  description: z.string(),
  proposerId: z.string(),
  proposerName: z.string(),
  documentName: z.string().nullable(),
  documentUrl: z.string().nullable(),
  createTime: z.string(),
});
export type ObjectionView = z.infer<typeof objectionView>;

export const publicityActionsAnswer = z.object({
  save: rowAction,
  /** Return (revert) to KCP2. */
  return: rowAction,
  push: rowAction,
});
export type PublicityActions = z.infer<typeof publicityActionsAnswer>;

/** GET /v1/supplier-publicity/task-detail. */
export const publicityDetail = z.object({
  flowNo: z.string(),
  nodeCode: z.literal('PUBLICITY'),
  nodeStatus: z.number(),
  objectionList: z.array(objectionView),
  /** When the period ends: the end time of the node's principal task (ISO with zone); null before it opened. */
  endTime: z.string().nullable(),
  /** The server's clock when answering, so the countdown corrects the browser's clock. */
  now: z.string(),
  taskPrincipalId: z.string().nullable(),
  taskPrincipalName: z.string().nullable(),
  /** When this period was pushed as an announcement; null until then. */
  pushedAt: z.string().nullable(),
  actions: publicityActionsAnswer,
});
export type PublicityDetail = z.infer<typeof publicityDetail>;

const allow: RowAction = { allowed: true };
const refuse = (reason: MessageId): RowAction => ({ allowed: false, reason });

/**
 * What the caller may do (req flow §4.6, req flow §6), by the rules the writes check: save and return by the task
 * principal while the node is in progress; push with cert_process_manage_all while it is in progress,
 * once per period.
 */
export function publicityActions(at: { inProgress: boolean; flowEnded: boolean; principal: boolean; manageAll: boolean; pushed: boolean }): PublicityActions {
  const open: RowAction | undefined = at.flowEnded
    ? refuse('flowEnded')
    : !at.inProgress
      ? refuse('publicityNotInProgress')
      : undefined;
  const byPrincipal = open ?? (at.principal ? allow : refuse('publicityOwnerOnly'));
  return {
    save: byPrincipal,
    return: byPrincipal,
    push: !at.manageAll
      ? refuse('noPublicityPushKey')
      : (open ?? (at.pushed ? refuse('publicityPushed') : allow)),
  };
}

/** The announcement a push publishes (type of req shell §3's Announcement). */
export const PUBLICITY_ANNOUNCEMENT_TYPE = 'SUPPLIER_PUBLICITY';

import { z } from 'zod';
import type { MessageId } from '../../messages.ts';
import { documentItem, documentList } from '../documents.ts';

/**
 * What the node screens holding a summary, a conclusion and attachments share (aptitude, meeting
 * conclusions, sample certification; req flow §3.4, §3.5, §3.9).
 */

/** A conclusion: the numeric key of a dictionary entry (req flow §3.5); `missing` is the requirements’ message. */
export function conclusionField(missing: MessageId) {
  // A form sends null while nothing is chosen: that is the missing conclusion too.
  return z.preprocess((v) => v ?? undefined, z.number({ error: missing }).int({ error: 'invalidValue' }));
}

/** A required list of 1..max attachments; a missing list reads as empty, so it gets the requirements’ message too. */
export function attachments(opts: { max: number; missing?: MessageId }) {
  return z.preprocess((v) => v ?? [], documentList(opts));
}

/** The read model of such a node screen. */
export const nodeFormDetail = z.object({
  flowNo: z.string(),
  nodeCode: z.string(),
  /** The conclusion's dictionary key, null until chosen. */
  accessStatus: z.number().nullable(),
  description: z.string(),
  documentList: z.array(documentItem),
  nodeStatus: z.number(),
  /** The node is in progress and this user is its task principal: the form can be saved and completed. */
  editable: z.boolean(),
  /** This user is the node's task principal (the complete button's tooltip otherwise, req flow §4.9). */
  principal: z.boolean(),
  taskPrincipalId: z.string().nullable(),
  taskPrincipalName: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type NodeFormDetail = z.infer<typeof nodeFormDetail>;

import { z } from 'zod';
import type { MessageId } from '../../messages.ts';
import { documentList, type DocumentItem } from '../documents.ts';

/**
 * What the node screens holding a summary, a conclusion and attachments share (aptitude, meeting
 * conclusions, sample certification; spec 2 §3.4, §3.5, §3.9).
 */

/** A conclusion: the numeric key of a dictionary entry (spec 2 §3.5); `missing` is the spec's message. */
export function conclusionField(missing: MessageId) {
  return z.number({ error: missing }).int({ error: 'invalidValue' });
}

/** A required list of 1..max attachments; a missing list reads as empty, so it gets the spec's message too. */
export function attachments(opts: { max: number; missing?: MessageId }) {
  return z.preprocess((v) => v ?? [], documentList(opts));
}

/** The read model of such a node screen. */
export interface NodeFormDetail {
  flowNo: string;
  nodeCode: string;
  /** The conclusion's dictionary key, null until chosen. */
  accessStatus: number | null;
  description: string;
  documentList: DocumentItem[];
  nodeStatus: number;
  /** The node is in progress and this user is its task principal: the form can be saved and completed. */
  editable: boolean;
  /** This user is the node's task principal (the complete button's tooltip otherwise, spec 2 §4.9). */
  principal: boolean;
  taskPrincipalId: string | null;
  taskPrincipalName: string | null;
  updateTime: string | null;
}

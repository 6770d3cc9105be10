import { z } from 'zod';
import { attachments, conclusionField } from './node-form.ts';
import { flowNoField } from '../flow-no.ts';

/** The first meeting conclusion's calls (req flow §3.5, §4.3, §5.6, §7.3); KCP2 has its own (kcp2.ts, req flow §7.7). */
export const KCP_NODES = ['KCP1'] as const;
export type KcpNode = (typeof KCP_NODES)[number];

/** The dictionary each meeting node's conclusion comes from; an entry with extra.pass false fails the flow. */
export const KCP_CONCLUSION_DICT: Record<KcpNode, string> = {
  KCP1: 'approve_result',
};

/** Req flow §5.6: at most 5 attachments. */
export const KCP_FILE_MAX = 5;

const kcpNode = z.enum(KCP_NODES, { error: 'invalidValue' });

export const kcpDetailQuery = z.object({ flowNo: flowNoField, nodeCode: kcpNode });

export const kcpSubmitRequest = z.object({
  flowNo: flowNoField,
  nodeCode: kcpNode,
  accessStatus: conclusionField('chooseMeetingConclusion'),
  documentList: attachments({ max: KCP_FILE_MAX, missing: 'uploadAttachments' }),
});
export type KcpSubmitRequest = z.infer<typeof kcpSubmitRequest>;

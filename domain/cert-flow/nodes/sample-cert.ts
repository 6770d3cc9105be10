import { z } from 'zod';
import { requiredText } from '../../fields.ts';
import { attachments, conclusionField, nodeFormDetail } from './node-form.ts';
import { flowNoField } from '../flow-no.ts';

/** Sample certification (req flow §3.9, §4.9, §5.9, §7.6). */

export const SAMPLE_CERT_CONCLUSION_DICT = 'approve_result';
/** Req flow §5.9: description at most 500 characters, up to 5 files. */
export const SAMPLE_CERT_DESCRIPTION_MAX = 500;
export const SAMPLE_CERT_FILE_MAX = 5;

export const sampleCertFinishRequest = z.object({
  flowNo: flowNoField,
  accessStatus: conclusionField('chooseConclusion'),
  description: requiredText(SAMPLE_CERT_DESCRIPTION_MAX, 'enterDescription'),
  documentList: attachments({ max: SAMPLE_CERT_FILE_MAX, missing: 'uploadAttachments' }),
});
export type SampleCertFinishRequest = z.infer<typeof sampleCertFinishRequest>;

/** POST /v1/sample-cert/transfer: hands the technical reviewer's role (and its task) to another person. */
export const sampleCertTransferRequest = z.object({
  flowNo: flowNoField,
  jobNumber: requiredText(32, 'chooseTransferee'),
  name: requiredText(50, 'chooseTransferee'),
});
export type SampleCertTransferRequest = z.infer<typeof sampleCertTransferRequest>;

export const sampleCertDetail = nodeFormDetail.extend({
  /** This user may transfer the node (req flow §4.9). */
  canTransfer: z.boolean(),
  /** The flow has nobody in the TECHNICAL_REVIEWER role: the node offers a transfer to a person. */
  noTechnicalReviewer: z.boolean(),
  /** The node works as a PPAP submission (req flow §11) instead of the reviewer's conclusion. */
  standard: z.literal('PPAP').nullable(),
});
export type SampleCertDetail = z.infer<typeof sampleCertDetail>;

/**
 * Req flow §4.9: transfer needs cert_process_manage_all; while the flow has no technical reviewer, its
 * purchasing manager may also hand the node to someone.
 */
export function canTransferSampleCert(input: { manageAll: boolean; isPurchaseManager: boolean; hasTechnicalReviewer: boolean }): boolean {
  return input.manageAll || (input.isPurchaseManager && !input.hasTechnicalReviewer);
}

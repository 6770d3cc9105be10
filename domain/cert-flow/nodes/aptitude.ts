import { z } from 'zod';
import { requiredText } from '../../fields.ts';
import { withParams } from '../../messages.ts';
import { documentItem } from '../documents.ts';
import { attachments } from './node-form.ts';
import { flowNoField } from '../flow-no.ts';

/** Qualification matching (req flow §3.4, §5.5, §7.2). */

/** Req flow §5.5: the summary is required, at most 200 characters; exactly one file. */
export const APTITUDE_SUMMARY_MAX = 200;
export const APTITUDE_FILE_MAX = 1;
/** The reference template of the panel (GET /common/v1/template-download?key=). */
export const APTITUDE_TEMPLATE_KEY = 'aptitude_template';

export const aptitudeRequest = z.object({
  flowNo: flowNoField,
  description: requiredText(APTITUDE_SUMMARY_MAX, 'enterSummary'),
  documentList: attachments({ max: APTITUDE_FILE_MAX, missing: 'uploadAptitudeFile' }),
});
export type AptitudeRequest = z.infer<typeof aptitudeRequest>;

/** Save (POST /audit) keeps work in progress: the limits hold, the required rules wait for completion. */
export const aptitudeDraft = z.object({
  flowNo: flowNoField,
  description: z.string().trim().max(APTITUDE_SUMMARY_MAX, withParams('maxLength', { max: APTITUDE_SUMMARY_MAX })).default(''),
  documentList: z
    .array(documentItem)
    .max(APTITUDE_FILE_MAX, withParams('tooManyFiles', { max: APTITUDE_FILE_MAX }))
    .default([]),
});
export type AptitudeDraft = z.infer<typeof aptitudeDraft>;

/** GET /v1/cert-flow-aptitude/result-detail: the result view after completion. */
export const aptitudeResult = z.object({
  /** approve_result key recorded at completion (the aptitude node has only the passing outcome); null before. */
  accessStatus: z.number().nullable(),
  documentList: z.array(documentItem),
});
export type AptitudeResult = z.infer<typeof aptitudeResult>;

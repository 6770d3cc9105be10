import { z } from 'zod';
import { flowNoQuery } from '../flow-no.ts';
import { certificateRow, sectionSchema, type CertificateRow } from '../../rfi/sections/index.ts';
import { nodeFormDetail } from './node-form.ts';

/**
 * The CERT node's quality certificate form (req flow §3.17, §5.11): the certificate rows of the RFI
 * questionnaire's step 5, checked and kept by the quality reviewer. The rows, their rules and their
 * messages are step 5's own (domain/rfi/sections/certificates.ts), edited as staff edit it; the
 * hold change that clears a file is domain/rfi/dependencies.ts `onCertificateHoldChange`.
 */

/** POST /v1/cert-flow-cert/completed: every rule of req flow §5.11, then the node completes. */
export const certRequest = flowNoQuery.and(sectionSchema('certificates', { variant: 'full', staff: true }));
export type CertRequest = z.output<typeof certRequest>;
/** The form's values as its inputs hold them ('' and null = not given). */
export type CertInput = z.input<typeof certRequest>;

const certificatesDraft = sectionSchema('certificates', { variant: 'draft', staff: true });

/** POST /v1/cert-flow-cert/save keeps work in progress: types and lengths hold, the required answers wait for completion. */
export const certDraft = flowNoQuery.and(certificatesDraft);
export type CertDraft = z.output<typeof certDraft>;

/** Stored certificate rows (the node's copy or the questionnaire's step 5) as the read model shows them. */
export function certificateRows(stored: unknown): CertificateRow[] {
  const parsed = certificatesDraft.safeParse(stored ?? {});
  return parsed.success ? parsed.data.certificateList : [];
}

/** GET /v1/cert-flow-cert/detail: the rows and who may edit them. */
export const certDetail = nodeFormDetail.omit({ accessStatus: true, description: true, documentList: true }).extend({
  certificateList: z.array(certificateRow),
  /** The node's own saved copy, or the supplier's answers of the questionnaire's step 5 until the principal first saves. */
  source: z.enum(['node', 'rfi']),
});
export type CertDetail = z.infer<typeof certDetail>;

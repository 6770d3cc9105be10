import { z } from 'zod';
import { normalizeCreditCode } from '../credit-code.ts';
import { withParams } from '../messages.ts';

/**
 * The duplicate check before an invitation (docs/decisions/0054-a-duplicate-check-at-the-door.md): a new registration's
 * credit code and name against the suppliers (admitted or exited) and the running flows. Names are compared by their
 * key — full-width folded, case, punctuation, spaces and the legal-form suffix dropped (the database's
 * supplier_name_key) — credit codes as normalised (credit-code.ts).
 */
export const duplicateCheckQuery = z.object({
  supplierName: z.string().trim().max(100, { error: 'invalidValue' }).optional(),
  creditCode: z.string().max(100, { error: 'invalidValue' }).transform(normalizeCreditCode).optional(),
});

export const DUPLICATE_KINDS = ['supplier', 'exited', 'flow'] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];

export const duplicateMatch = z.object({
  kind: z.enum(DUPLICATE_KINDS),
  /** What matched: the credit code, the name's key, or both. */
  by: z.array(z.enum(['creditCode', 'name'])),
  /** The supplier's number, or the flow's. */
  no: z.string(),
  name: z.string(),
  creditCode: z.string().nullable(),
  /** The supplier's code, or the flow's stage name. */
  state: z.string(),
  link: z.string(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatch>;

export const duplicateCheck = z.object({
  matches: z.array(duplicateMatch),
  /** Why the application is refused (its credit code is an admitted supplier's or a running flow's), in the reader's language. */
  refusal: z.string().nullable(),
  /** Other matches: the applicant says why it goes on (kept in the flow's history). */
  reasonRequired: z.boolean(),
});
export type DuplicateCheck = z.infer<typeof duplicateCheck>;

export const DUPLICATE_REASON_MAX = 200;

/**
 * What the matches mean for an application: the same credit code as an admitted supplier (the expansion is the way
 * there) or as a running flow refuses it, naming the first; any other match — a similar name, an exited supplier's
 * code — asks for a reason. Answers a message id with its parameters.
 */
export function duplicateVerdict(matches: readonly DuplicateMatch[]): { refusal?: string; reasonRequired: boolean } {
  const sameCode = (kind: DuplicateKind) => matches.find((m) => m.kind === kind && m.by.includes('creditCode'));
  const supplier = sameCode('supplier');
  if (supplier) return { refusal: withParams('duplicateCreditCodeSupplier', { name: supplier.name, code: supplier.state }), reasonRequired: false };
  const flow = sameCode('flow');
  if (flow) return { refusal: withParams('duplicateCreditCodeFlow', { name: flow.name, flowNo: flow.no }), reasonRequired: false };
  return { reasonRequired: matches.length > 0 };
}

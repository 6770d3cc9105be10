import { z } from 'zod';
import { withParams } from '../messages.ts';

/**
 * Look-ups of the release form (req flow §7.9): head banks, bank branches, company codes and purchasing
 * organisations. Labels come back in the caller's language.
 */

function searchText(max: number) {
  return z
    .string({ error: 'invalidValue' })
    .trim()
    .max(max, { error: withParams('maxLength', { max }) })
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** A comma-separated list of codes in a query (`companyCodes=1000,2000`). */
const codeListParam = z
  .string({ error: 'invalidValue' })
  .max(500, { error: withParams('maxLength', { max: 500 }) })
  .optional()
  .transform((v) => (v ? v.split(',').map((c) => c.trim()).filter(Boolean) : undefined));

export const LOOKUP_LIMIT = 50;

/** GET /common/v1/search-bank: branches whose name or code contains the keyword, of one head bank if named. */
export const bankSearchQuery = z.object({ keyword: searchText(50), bankHeadCode: searchText(20) });
export type BankSearchQuery = z.output<typeof bankSearchQuery>;

/** GET /v1/company/search-by-zh and /v1/purchase-group/search-by-zh: by name (zh or en) or code. */
export const companySearchQuery = z.object({ keyword: searchText(50) });
export const purchaseOrgSearchQuery = z.object({ keyword: searchText(50), companyCodes: codeListParam });
export type PurchaseOrgSearchQuery = z.output<typeof purchaseOrgSearchQuery>;

export const headBankOption = z.object({ bankHeadCode: z.string(), bankHead: z.string(), countryCode: z.string() });
export type HeadBankOption = z.infer<typeof headBankOption>;

export const bankOption = z.object({
  /** The branch's CNAPS number or BIC. */
  bankCode: z.string(),
  bankName: z.string(),
  bankHeadCode: z.string(),
  bankHead: z.string(),
  swiftCode: z.string().nullable(),
  countryCode: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
});
export type BankOption = z.infer<typeof bankOption>;

/** Req rfi §3: company option. */
export const companyOption = z.object({ companyCode: z.string(), companyName: z.string() });
export type CompanyOption = z.infer<typeof companyOption>;

/** Req rfi §3: purchase-org option, with the company code it buys for. */
export const purchaseOrgOption = z.object({ purOrgCode: z.string(), purOrgDesc: z.string(), companyCode: z.string().nullable() });
export type PurchaseOrgOption = z.infer<typeof purchaseOrgOption>;

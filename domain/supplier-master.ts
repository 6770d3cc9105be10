import { z } from 'zod';
import { withParams } from './messages.ts';

/**
 * The supplier master reads of the expand apply drawer (req flow §2.2, §7.1): accepted suppliers by
 * name or code, the categories a supplier is accessed for, its contacts.
 */

/** Supplier status of an accepted supplier that can be expanded (others are blocked or eliminated). */
export const SUPPLIER_ACTIVE = 10;

/** A supplier's accessed category (req flow §3.18): admitted, or disabled later. */
export const SUPPLIER_CATEGORY_STATUS = { ACCESSED: 10, DISABLED: 20 } as const;

/** Req flow §7.1 leaves the size open; a select shows a short list, the user types more to narrow it. */
export const SUPPLIER_SEARCH_LIMIT = 20;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: withParams('maxLength', { max }) })
    .optional()
    .transform((v) => (v ? v : undefined));

const requiredCode = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(40, { error: withParams('maxLength', { max: 40 }) });

/** GET /v1/supplier/access/search?supplier=: empty text lists the first suppliers. */
export const supplierSearchQuery = z.object({ supplier: text(100) });
/** GET /v1/supplier/category/search?supplierNo= */
export const supplierCategoryQuery = z.object({ supplierNo: requiredCode });
/** POST /v1/supplier/user/search { supplierCode, name } */
export const supplierContactQuery = z.object({ supplierCode: requiredCode, name: text(50) });

export const supplierOption = z.object({ supplierNo: z.string(), supplierCode: z.string(), supplierName: z.string(), creditCode: z.string(), certifiedRegion: z.number() });
export type SupplierOption = z.infer<typeof supplierOption>;

/** Req flow §3.18. */
export const supplierCategory = z.object({ categoryCode: z.string(), categoryName: z.string(), categoryStatus: z.number(), categoryLifeCycle: z.number() });
export type SupplierCategory = z.infer<typeof supplierCategory>;

export const supplierContact = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  areaCode: z.string(),
  phone: z.string(),
  position: z.string().nullable(),
});
export type SupplierContact = z.infer<typeof supplierContact>;

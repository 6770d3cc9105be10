import { z } from 'zod';
import { withParams } from './messages.ts';

/**
 * The supplier master reads of the expand apply drawer (spec 2 §2.2, §7.1): accepted suppliers by
 * name or code, the categories a supplier is accessed for, its contacts.
 */

/** Supplier status of an accepted supplier that can be expanded (others are blocked or eliminated). */
export const SUPPLIER_ACTIVE = 10;

/** A supplier's accessed category (spec 2 §3.18): admitted, or disabled later. */
export const SUPPLIER_CATEGORY_STATUS = { ACCESSED: 10, DISABLED: 20 } as const;

/** Spec 2 §7.1 leaves the size open; a select shows a short list, the user types more to narrow it. */
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

export interface SupplierOption {
  supplierNo: string;
  supplierCode: string;
  supplierName: string;
  creditCode: string;
  certifiedRegion: number;
}

/** Spec 2 §3.18. */
export interface SupplierCategory {
  categoryCode: string;
  categoryName: string;
  categoryStatus: number;
  categoryLifeCycle: number;
}

export interface SupplierContact {
  id: string;
  name: string;
  email: string | null;
  areaCode: string;
  phone: string;
  position: string | null;
}

import type { Request } from 'express';
import { LOCALE_HEADER, type Locale, resolveLocale } from '#domain/i18n.ts';

/** Who is calling: set by the auth middlewares, read by handlers. */
export interface StaffPrincipal {
  kind: 'staff';
  id: string;
  jobNumber: string;
  name: string;
  permissions: readonly string[];
}

export interface SupplierPrincipal {
  kind: 'supplier';
  applyNo: string;
  flowNo: string;
}

/** A supplier portal account (after the RFI has passed): reaches only the flows it takes part in. */
export interface PortalPrincipal {
  kind: 'portal';
  accountId: string;
  email: string;
  supplierName: string;
  roles: readonly string[];
  flowNos: readonly string[];
}

declare module 'express-serve-static-core' {
  interface Request {
    staff?: StaffPrincipal;
    supplier?: SupplierPrincipal;
    portal?: PortalPrincipal;
  }
}

/** The locale header every web request carries, else Accept-Language, else zh. */
export function requestLocale(req: Request): Locale {
  const explicit = req.get(LOCALE_HEADER);
  if (explicit === 'zh' || explicit === 'en') return explicit;
  return resolveLocale(req.get('accept-language'));
}

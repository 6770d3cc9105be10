import type { Request } from 'express';
import { acceptLanguageLocale, LOCALE_HEADER, type Locale } from '#domain/i18n.ts';
import type { PortalPrincipal, StaffPrincipal, SupplierPrincipal } from '#domain/identity.ts';

/** Who is calling: set by the auth middlewares, read by handlers. */

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
  return acceptLanguageLocale(req.get('accept-language'));
}

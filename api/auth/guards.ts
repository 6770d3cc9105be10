import type { RequestHandler } from 'express';
import type { Db } from '#db/connection.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { portalAuth, requirePortalAccount } from './portal-auth.ts';
import { requirePermission, requireStaff, staffAuth } from './staff-auth.ts';
import { requireAnyUser, requireSupplier, supplierAuth } from './supplier-auth.ts';
import type { Auth } from '#domain/contracts/contract.ts';

/**
 * Who may call an endpoint: nobody in particular, staff (cookie), a questionnaire supplier (Bearer),
 * a portal account (Bearer), or any of the three (uploads, downloads, reference data).
 */
export type { Auth };

/**
 * The middlewares that look up and require an endpoint's caller. Each endpoint looks up only the
 * sessions its auth admits, so a call that needs no caller (ping, login) costs no session query.
 */
export function authGuards(db: Db): (auth: Auth, permissions?: readonly string[], section?: RfiStepKey) => RequestHandler[] {
  const staff = staffAuth(db);
  const supplier = supplierAuth(db);
  const portal = portalAuth(db);
  // `section`: a supplier endpoint's questionnaire section, read with the session (api/auth/supplier-auth.ts).
  return (auth, permissions, section) => {
    switch (auth) {
      case 'none':
        return [];
      case 'staff':
        return [staff, permissions ? requirePermission(...permissions) : requireStaff];
      case 'supplier':
        return [supplier(section), requireSupplier];
      case 'portal':
        return [portal, requirePortalAccount];
      case 'any':
        return [staff, supplier(), portal, requireAnyUser];
    }
  };
}

import type { Locale } from '#domain/i18n.ts';

export type { CurrentUser } from './staff-identity/session-user.ts';

/** Anyone whose action a history row records: a staff member, a supplier, the system. */
export interface Actor {
  id: string;
  name: string;
}

/** A staff member acting: the job number decides task ownership (req flow §6). */
export interface StaffActor extends Actor {
  jobNumber: string;
}

export const SYSTEM_ACTOR: Actor = { id: 'system', name: 'system' };

/**
 * Who did something, as lists show it: the platform's own steps (SYSTEM_ACTOR, stored as 'system')
 * are signed 系统 / System in the reader's language, a person by the name stored with the record.
 */
export function actorName(actorId: string, name: string, locale: Locale): string {
  return actorId === SYSTEM_ACTOR.id ? (locale === 'en' ? 'System' : '系统') : name;
}

/** Who is calling: set by the API's auth middlewares, passed to services. */
export interface StaffPrincipal extends StaffActor {
  kind: 'staff';
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

export const actorOf = (s: StaffPrincipal): StaffActor => ({ id: s.id, jobNumber: s.jobNumber, name: s.name });

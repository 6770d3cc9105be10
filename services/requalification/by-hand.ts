import type { Db } from '#db/connection.ts';
import { forbidden } from '#domain/errors.ts';
import type { Locale } from '#domain/i18n.ts';
import type { Actor, StaffPrincipal } from '#domain/identity.ts';
import type { RequalificationStartRequest } from '#domain/requalification/requalification.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { mayStaffEdit } from '#services/supplier-change/access.ts';
import { startRequalification } from './start.ts';

/**
 * POST /api/v1/requalification/start: a person with the permission starts it for a supplier they are responsible for
 * (its flows' purchasing manager or CMT leader) — administrators for any.
 */
export async function startRequalificationByHand(
  deps: { db: Db; flows: FlowGateway },
  input: RequalificationStartRequest,
  staff: StaffPrincipal,
  actor: Actor,
  locale: Locale,
): Promise<{ flowNo: string }> {
  if (!(await mayStaffEdit(deps.db, staff, input.supplierNo))) throw forbidden('requalificationForbidden');
  return startRequalification(deps, { ...input, trigger: 'manual', actor }, locale);
}

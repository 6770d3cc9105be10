import type { Db, DbOrTrx } from '#db/connection.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import type { Actor, PortalPrincipal, StaffPrincipal } from '#domain/identity.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { SUPPLIER_ACTIVE } from '#domain/supplier-master.ts';
import { SUPPLIER_COLLABORATION_ROLE } from '#domain/supplier-portal/roles.ts';
import { portalFileOwnerId } from '#services/files/file-owner.ts';
import type { FileReferrer } from '#services/files/stored-documents.ts';
import { forbidden, notFound } from '#domain/errors.ts';

/**
 * Who may change which supplier (docs/decisions/0033-supplier-information-change-1-of-2.md "Supplier information change"): a portal account only
 * the active suppliers its stage-90 flows admitted; staff with cert_process_manage_all any supplier, other
 * staff the suppliers of whose certification flows they are the purchasing manager or the CMT leader.
 */
export type ChangeCaller = { side: 'supplier'; portal: PortalPrincipal } | { side: 'staff'; staff: StaffPrincipal };

export const isChangeAdmin = (staff: StaffPrincipal) => staff.permissions.includes(PERMISSIONS.certProcessManageAll);
/** Req change §5.2: only staff can hold the factory administrator's permission. */
export const isFactoryAdmin = (caller: ChangeCaller) => caller.side === 'staff' && caller.staff.permissions.includes(PERMISSIONS.modifyFactoryAdminRole);

/** The history's and the change's submitter: a portal account by its id and e-mail, staff by job number and name. */
export function actorOfCaller(caller: ChangeCaller): Actor {
  return caller.side === 'staff' ? { id: caller.staff.jobNumber, name: caller.staff.name } : { id: caller.portal.accountId, name: caller.portal.email };
}


/** The active suppliers the account's finished flows admitted, by number. */
export async function portalSupplierNos(db: DbOrTrx, portal: PortalPrincipal): Promise<string[]> {
  if (!portal.flowNos.length) return [];
  const rows = await db
    .selectFrom('supplier')
    .select('supplier_no')
    .where('status', '=', SUPPLIER_ACTIVE)
    .where('supplier_no', 'in', (eb) =>
      eb
        .selectFrom('cert_flow')
        .select('supplier_no')
        .where('flow_no', 'in', [...portal.flowNos])
        .where('stage', '=', STAGE.FINISHED)
        .where('supplier_no', 'is not', null)
        .$narrowType<{ supplier_no: string }>(),
    )
    .orderBy('supplier_no')
    .execute();
  return rows.map((r) => r.supplier_no);
}

/** The supplier a portal call is about: the named one if it is the account's, else its first; 403 when it has none. */
export async function portalSupplierNo(db: DbOrTrx, portal: PortalPrincipal, requested?: string): Promise<string> {
  const own = await portalSupplierNos(db, portal);
  const supplierNo = requested ?? own[0];
  if (!supplierNo || !own.includes(supplierNo)) throw forbidden('changeForbidden');
  return supplierNo;
}

/** Portal writes need the collaboration role (an exited supplier's accounts lose it). */
export function requirePortalWriter(portal: PortalPrincipal): void {
  if (!portal.roles.includes(SUPPLIER_COLLABORATION_ROLE)) throw forbidden('changeForbidden');
}

/** Suppliers of whose flows this staff member is the purchasing manager or the CMT leader. */
function responsibleSuppliers(db: DbOrTrx, jobNumber: string) {
  return db
    .selectFrom('cert_flow as f')
    .select('f.supplier_no')
    .where('f.supplier_no', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('f.purchase_job_number', '=', jobNumber),
        eb('f.cmt_leader_job_number', '=', jobNumber),
        eb(
          'f.flow_no',
          'in',
          eb.selectFrom('cert_flow_role').select('flow_no').where('job_number', '=', jobNumber).where('role', 'in', ['PURCHASE_MANAGER', 'CMT_LEADER']),
        ),
      ]),
    )
    .$narrowType<{ supplier_no: string }>();
}

export async function mayStaffEdit(db: DbOrTrx, staff: StaffPrincipal, supplierNo: string): Promise<boolean> {
  if (isChangeAdmin(staff)) return true;
  const row = await responsibleSuppliers(db, staff.jobNumber).where('f.supplier_no', '=', supplierNo).executeTakeFirst();
  return !!row;
}

/** The supplier exists (404 otherwise) and this caller may change it (403 otherwise). */
export async function requireSupplierAccess(db: DbOrTrx, caller: ChangeCaller, supplierNo: string): Promise<void> {
  const supplier = await db.selectFrom('supplier').select('supplier_no').where('supplier_no', '=', supplierNo).executeTakeFirst();
  if (caller.side === 'supplier') {
    await portalSupplierNo(db, caller.portal, supplierNo);
    return;
  }
  if (!supplier) throw notFound('unknownSupplier');
  if (!(await mayStaffEdit(db, caller.staff, supplierNo))) throw forbidden('changeForbidden');
}

/** The supplier numbers a staff member's lists show: null = every supplier (administrators). */
export async function staffSupplierScope(db: Db, staff: StaffPrincipal): Promise<string[] | null> {
  if (isChangeAdmin(staff)) return null;
  const rows = await responsibleSuppliers(db, staff.jobNumber).distinct().execute();
  return rows.map((r) => r.supplier_no);
}

/** Whose uploads a change may name: the portal account's own; for staff, staff uploads and the supplier's. */
export async function fileReferrerOf(db: DbOrTrx, caller: ChangeCaller, supplierNo: string): Promise<FileReferrer> {
  if (caller.side === 'supplier') return { kind: 'supplier', ownerId: portalFileOwnerId(caller.portal.accountId) };
  const flow = await db.selectFrom('supplier').select('source_flow_no').where('supplier_no', '=', supplierNo).executeTakeFirst();
  return { kind: 'staff', flowNo: flow?.source_flow_no ?? '' };
}

import { sql } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';
import type { PortalPrincipal, StaffPrincipal, SupplierPrincipal } from '#domain/identity.ts';
import { PERMISSIONS, ROUTES, hasPermission } from '#domain/permissions.ts';
import { mayReadDetail } from '#domain/cert-flow/rules.ts';
import { readerOf, visibleTo } from '#services/announcement/audience.ts';
import { participantFlows, takesPart } from '#services/cert-flow/participants.ts';
import { portalFileOwnerId, type FileOwner } from './file-owner.ts';
import { holdersOf, type FileHolder, type FileRecord } from './file-places.ts';

/** Who asks for a file: a staff member, a questionnaire session or a portal account. */
export interface FileReader {
  staff?: StaffPrincipal;
  supplier?: SupplierPrincipal;
  portal?: PortalPrincipal;
}

/** The owners whose uploads are the reader's own. */
function ownersOf(reader: FileReader): FileOwner[] {
  const owners: FileOwner[] = [];
  if (reader.staff) owners.push({ kind: 'staff', id: reader.staff.id });
  if (reader.supplier) owners.push({ kind: 'supplier', id: reader.supplier.applyNo });
  if (reader.portal) owners.push({ kind: 'supplier', id: portalFileOwnerId(reader.portal.accountId) });
  return owners;
}

/** A part in a change or exit: a task under its number (its approvers' tasks are rows of the one task table). */
async function takesPartIn(db: DbOrTrx, jobNumber: string, recordNo: string): Promise<boolean> {
  const row = await db.selectNoFrom(takesPart(sql.val(recordNo), jobNumber).as('yes')).executeTakeFirstOrThrow();
  return Boolean(row.yes);
}

/** The suppliers a portal account stands for (those its flows admitted). */
async function portalSuppliers(db: DbOrTrx, portal: PortalPrincipal): Promise<string[]> {
  if (!portal.flowNos.length) return [];
  const rows = await db.selectFrom('cert_flow').select('supplier_no').where('flow_no', 'in', portal.flowNos).where('supplier_no', 'is not', null).execute();
  return rows.map((r) => r.supplier_no!);
}

type Rule = (db: DbOrTrx, reader: FileReader, holder: FileHolder) => Promise<boolean>;

/**
 * Who may read the files of each kind of record: those who may read the record. Staff read a flow's files as
 * its progress page (mayReadDetail), a change's or exit's with its screen's route or a part in it, the supplier
 * master with the supplier search, an announcement's when it is addressed to them, a feedback's when they
 * handle feedback or sent it. A supplier reads what its own records show it (its questionnaire, changes, master
 * and feedback; never a node form or an exit) and the announcements addressed to it.
 */
const READERS: Record<FileRecord, Rule> = {
  async flow(db, { staff, supplier, portal }, { key: flowNo, supplierReads }) {
    if (supplierReads && (supplier?.flowNo === flowNo || portal?.flowNos.includes(flowNo))) return true;
    if (!staff) return false;
    const flow = await db.selectFrom('cert_flow').select('stage').where('flow_no', '=', flowNo).executeTakeFirst();
    if (!flow) return false;
    const participant = (await participantFlows(db, staff.jobNumber, [flowNo])).has(flowNo);
    return participant || (hasPermission(staff.permissions, [ROUTES.certFlowDetail, PERMISSIONS.certProcessManageAll]) && mayReadDetail(flow, { participant, permissions: staff.permissions }));
  },
  async change(db, reader, { key: flowNo }) {
    return recordOfSupplier(db, reader, 'supplier_change', flowNo, ROUTES.supplierInnerEdit);
  },
  async exit(db, { staff }, { key: flowNo }) {
    return Boolean(staff) && recordOfSupplier(db, { staff }, 'supplier_exit', flowNo, ROUTES.supplierExit);
  },
  async supplier(db, { staff, portal }, { key: supplierNo }) {
    if (staff) return hasPermission(staff.permissions, [PERMISSIONS.expandApplyRfi, ROUTES.certFlowList]);
    return Boolean(portal && (await portalSuppliers(db, portal)).includes(supplierNo));
  },
  async announcement(db, { staff, portal }, { key: id }) {
    if (staff && hasPermission(staff.permissions, ROUTES.announcementManage)) return true;
    if (!staff && !portal) return false;
    const reader = await readerOf(db, { staff, portal });
    const row = await db.selectFrom('announcement as a').select('a.id').where('a.id', '=', Number(id)).where(visibleTo(reader)).executeTakeFirst();
    return Boolean(row);
  },
  async feedback(db, { staff, portal }, { key: id }) {
    if (staff && hasPermission(staff.permissions, ROUTES.feedbackManage)) return true;
    const sender = staff ? { kind: 'staff' as const, id: staff.id } : portal ? { kind: 'portal' as const, id: portal.accountId } : undefined;
    if (!sender) return false;
    const row = await db.selectFrom('feedback').select('id').where('id', '=', Number(id)).where('sender_kind', '=', sender.kind).where('sender_id', '=', sender.id).executeTakeFirst();
    return Boolean(row);
  },
};

/** A change or exit: staff with its screen's route or a part in it; a portal account of its supplier. */
async function recordOfSupplier(db: DbOrTrx, { staff, portal }: FileReader, table: 'supplier_change' | 'supplier_exit', flowNo: string, route: string): Promise<boolean> {
  if (staff) return hasPermission(staff.permissions, [route, PERMISSIONS.certProcessManageAll]) || takesPartIn(db, staff.jobNumber, flowNo);
  if (!portal) return false;
  const row = await db.selectFrom(table).select('supplier_no').where('flow_no', '=', flowNo).executeTakeFirst();
  return Boolean(row && (await portalSuppliers(db, portal)).includes(row.supplier_no));
}

/**
 * Whether the reader may read a stored file: its own upload, or a file of a record the reader may read.
 * `owner` is the stored file's uploader.
 */
export async function mayReadFile(db: DbOrTrx, fileKey: string, owner: FileOwner, reader: FileReader): Promise<boolean> {
  if (ownersOf(reader).some((o) => o.kind === owner.kind && o.id === owner.id)) return true;
  const holders: FileHolder[] = await holdersOf(db, fileKey);
  for (const holder of holders) {
    if (await READERS[holder.record](db, reader, holder)) return true;
  }
  return false;
}

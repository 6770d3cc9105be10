import type { Db, DbOrTrx } from '#db/connection.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { CODE_STATUS, releaseFormReadOnly, type CodeStatus, type ReleaseStatus } from '#domain/cert-flow/evaluation.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { releaseFormSchema, type ReleaseForm } from '#domain/release/release-form.ts';
import { SUPPLIER_SOURCE, type SupplierSource } from '#domain/release/release-requests.ts';
import { conflict } from '#domain/errors.ts';
import { isPrincipal, loadNode, type NodeAtWork } from '#services/cert-flow/node-work.ts';

/**
 * The supplier_release row of a flow (the release form and its supplier-code status) and the node the
 * form is written at. Status 0/10 are written here; 20/30 by the approval, 40 (and 30 with the ERP's
 * refusal) by erp-release.ts.
 */

export interface ReleaseRow {
  flowNo: string;
  status: ReleaseStatus;
  form: ReleaseForm;
  supplierCode: string | null;
  supplierSource: SupplierSource | null;
  sapResult: string | null;
  approvalNo: string | null;
  version: number;
}

type Row = { flow_no: string; status: number; form: Record<string, unknown>; supplier_code: string | null; supplier_source: string | null; sap_result: string | null; approval_no: string | null; version: number };

export function releaseRowOf(r: Row): ReleaseRow {
  return {
    flowNo: r.flow_no,
    status: r.status as ReleaseStatus,
    // Stored as the draft rules' output; read the same way.
    form: releaseFormSchema('draft').parse(r.form),
    supplierCode: r.supplier_code,
    supplierSource: r.supplier_source === SUPPLIER_SOURCE.OTHER ? SUPPLIER_SOURCE.OTHER : r.supplier_source === SUPPLIER_SOURCE.SAP ? SUPPLIER_SOURCE.SAP : null,
    sapResult: r.sap_result,
    approvalNo: r.approval_no,
    version: r.version,
  };
}

const COLUMNS = ['flow_no', 'status', 'form', 'supplier_code', 'supplier_source', 'sap_result', 'approval_no', 'version'] as const;

export async function loadRelease(db: DbOrTrx, flowNo: string, opts: { forUpdate?: boolean } = {}): Promise<ReleaseRow | undefined> {
  let q = db.selectFrom('supplier_release').select(COLUMNS).where('flow_no', '=', flowNo);
  if (opts.forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && releaseRowOf(row);
}

/** No row is "not started" (req flow §4.5). */
export const codeStatusOf = (row: ReleaseRow | undefined): CodeStatus => (row ? row.status : CODE_STATUS.NOTSTART);

/** 409 unless the form may be changed: started, and neither submitted nor approved (req flow §4.5). */
export function requireEditable(row: ReleaseRow | undefined): asserts row is ReleaseRow {
  if (!row) throw conflict('releaseNotStarted');
  if (releaseFormReadOnly(row.status)) throw conflict('releaseReadOnly');
}

/**
 * The node the release form and the code application are written at (contracts: KCP2's principal while
 * KCP2 runs — the PRERELEASE view — or RELEASE's once that node is open).
 */
export async function releaseWriteNode(db: DbOrTrx, flowNo: string): Promise<'KCP2' | 'RELEASE'> {
  const release = await db
    .selectFrom('cert_flow_node')
    .select('status')
    .where('flow_no', '=', flowNo)
    .where('node_code', '=', 'RELEASE')
    .executeTakeFirst();
  return release?.status === NODE_STATUS.IN_PROGRESS ? 'RELEASE' : 'KCP2';
}

/** The write node and whether this user may write there now (its principal, the node in progress). */
export async function releaseWriter(db: Db, flowNo: string, staff: StaffPrincipal): Promise<{ node: NodeAtWork; writable: boolean }> {
  const node = await loadNode(db, flowNo, await releaseWriteNode(db, flowNo));
  return { node, writable: !node.flowEnded && node.status === NODE_STATUS.IN_PROGRESS && isPrincipal(node, staff) };
}

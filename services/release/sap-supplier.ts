import type { ErpClient } from '#adapters/erp/erp-client.ts';
import type { Db } from '#db/connection.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { SUPPLIER_SOURCE, type ReleaseSaved, type SapSupplierInfo, type SwitchSupplierCodeRequest } from '#domain/release/release-requests.ts';
import type { CheckedNode } from '#services/cert-flow/node-work.ts';
import { LOOKUP_TTL_MS, ttlCachePer } from '#services/common/ttl-cache.ts';
import { badRequest, conflict, unavailable } from '#domain/errors.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { lockNodeInProgress } from '#services/cert-flow/node-work.ts';
import { loadReleaseFlow } from './release-context.ts';
import { loadRelease, requireEditable } from './release-row.ts';

/**
 * A vendor the ERP already has for the flow's credit code (req flow §4.5, §7.9 get-sap-supplier-info:
 * cached 60 s), and switching the release form to that vendor's code.
 */

const vendorCache = ttlCachePer<SapSupplierInfo | null>(LOOKUP_TTL_MS);

/** The ERP's vendor for this credit code, or null; an ERP that cannot be reached is a 503. */
export function findSapSupplier(erp: ErpClient, creditCode: string): Promise<SapSupplierInfo | null> {
  return vendorCache(erp).get(creditCode, async () => {
    let vendor;
    try {
      vendor = await erp.findVendorByTaxNumber(creditCode);
    } catch {
      throw unavailable();
    }
    return vendor ? { supplierCode: vendor.supplier, supplierName: vendor.organizationName, creditCode: vendor.taxNumber } : null;
  });
}

/** GET get-sap-supplier-info: null when the flow has no credit code or the ERP has no vendor for it. */
export async function sapSupplierInfo(deps: { db: Db; erp: ErpClient }, flowNo: string): Promise<SapSupplierInfo | null> {
  const flow = await loadReleaseFlow(deps.db, flowNo);
  return flow.creditCode ? findSapSupplier(deps.erp, flow.creditCode) : null;
}

/**
 * Switches the form to the existing ERP vendor's code (req flow §4.5; the overwrite confirmation is part
 * of the request): the code must be the one the ERP has for the flow's credit code. The form's code is
 * overwritten and its source becomes OTHER; on approval no second vendor is created (erp-release.ts).
 */
export async function switchSupplierCode(deps: { db: Db; erp: ErpClient }, node: CheckedNode, input: SwitchSupplierCodeRequest, staff: StaffPrincipal): Promise<Omit<ReleaseSaved, 'message'>> {
  const { db } = deps;
  const flow = await loadReleaseFlow(db, node.flowNo);
  requireEditable(await loadRelease(db, flow.flowNo));
  const vendor = flow.creditCode ? await findSapSupplier(deps.erp, flow.creditCode) : null;
  if (!vendor || vendor.supplierCode !== input.supplierCode) throw badRequest('invalidInput', { supplierCode: 'erpVendorNotFound' });
  return db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, node.flowNo, node.nodeCode);
    const row = await loadRelease(trx, flow.flowNo, { forUpdate: true });
    requireEditable(row);
    if (row.version !== input.version) throw conflict('staleVersion');
    const version = row.version + 1;
    const form = { ...row.form, basicInfo: { ...row.form.basicInfo, supplierCode: vendor.supplierCode } };
    await trx
      .updateTable('supplier_release')
      .set({ form: JSON.stringify(form), supplier_code: vendor.supplierCode, supplier_source: SUPPLIER_SOURCE.OTHER, version, updated_by: staff.jobNumber, updated_at: new Date() })
      .where('flow_no', '=', flow.flowNo)
      .execute();
    await writeHistory(trx, {
      relation: flowLogOf(flow.flowNo),
      actor: actorOf(staff),
      action: 'SUPPLIER_CODE_SWITCH',
      description: `切换为SAP已有供应商编码：${vendor.supplierCode}`,
      detail: { supplierCode: vendor.supplierCode },
    });
    return { status: row.status, version };
  });
}

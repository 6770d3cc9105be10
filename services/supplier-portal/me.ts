import type { Db } from '#db/connection.ts';
import { NODE_STATUS, STAGE, type NodeCode, type Stage } from '#domain/cert-flow/enums.ts';
import type { Locale } from '#domain/i18n.ts';
import type { PortalAdmittedSupplier, PortalMe } from '#domain/supplier-portal/login.ts';
import { SUPPLIER_ACTIVE, SUPPLIER_CATEGORY_STATUS } from '#domain/supplier-master.ts';

/**
 * The portal home: the account and only the flows it takes part in, newest first. The self-inspection
 * is open while its node is in progress (req flow §4.7: the supplier submits there). The accepted
 * suppliers its finished flows admitted show with their codes and categories.
 */
export async function portalHome(
  db: Db,
  portal: { email: string; supplierName: string; roles: readonly string[]; flowNos: readonly string[] },
  locale: Locale,
): Promise<PortalMe> {
  const flows = portal.flowNos.length
    ? await db
        .selectFrom('cert_flow as f')
        .leftJoin('cert_flow_node as n', (j) => j.onRef('n.flow_no', '=', 'f.flow_no').on('n.node_code', '=', 'SELF_INSPECTION'))
        .leftJoin('ppap_submission as p', 'p.flow_no', 'f.flow_no')
        .select(['f.flow_no', 'f.supplier_name', 'f.stage', 'f.current_node_code', 'n.status as self_inspection_status', 'p.flow_no as ppap_flow_no'])
        .where('f.flow_no', 'in', portal.flowNos)
        .orderBy('f.start_time', 'desc')
        .orderBy('f.flow_no', 'desc')
        .execute()
    : [];
  return {
    email: portal.email,
    supplierName: portal.supplierName,
    roles: [...portal.roles],
    flows: flows.map((f) => ({
      flowNo: f.flow_no,
      supplierName: f.supplier_name,
      stage: f.stage as Stage,
      currentNodeCode: (f.current_node_code || null) as NodeCode | null,
      selfInspectionOpen: f.self_inspection_status === NODE_STATUS.IN_PROGRESS,
      // Said only of a flow that has one: the answer for every other flow stays as it was.
      ...(f.ppap_flow_no !== null ? { hasPpap: true } : {}),
    })),
    admittedSuppliers: await admittedSuppliers(db, portal.flowNos, locale),
  };
}

async function admittedSuppliers(db: Db, flowNos: readonly string[], locale: Locale): Promise<PortalAdmittedSupplier[]> {
  if (!flowNos.length) return [];
  const rows = await db
    .selectFrom('supplier as s')
    .leftJoin('supplier_category as sc', (j) => j.onRef('sc.supplier_no', '=', 's.supplier_no').on('sc.status', '=', SUPPLIER_CATEGORY_STATUS.ACCESSED))
    .leftJoin('category as c', 'c.code', 'sc.category_code')
    .select(['s.supplier_no', 's.supplier_code', 's.name', 'c.name_zh', 'c.name_en'])
    .where('s.status', '=', SUPPLIER_ACTIVE)
    .where('s.supplier_no', 'in', (eb) =>
      eb.selectFrom('cert_flow').select('supplier_no').where('flow_no', 'in', flowNos).where('stage', '=', STAGE.FINISHED).where('supplier_no', 'is not', null).$narrowType<{ supplier_no: string }>(),
    )
    .orderBy('s.supplier_code')
    .orderBy('sc.category_code')
    .execute();
  const bySupplier = new Map<string, PortalAdmittedSupplier>();
  for (const r of rows) {
    const s = bySupplier.get(r.supplier_no) ?? { supplierCode: r.supplier_code, supplierName: r.name, categories: [] };
    bySupplier.set(r.supplier_no, s);
    const name = locale === 'en' ? r.name_en : r.name_zh;
    if (name) s.categories.push(name);
  }
  return [...bySupplier.values()];
}

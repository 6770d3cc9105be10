import type { Db } from '#db/connection.ts';
import { NODE_STATUS, type NodeCode, type Stage } from '#domain/cert-flow/enums.ts';
import type { PortalMe } from '#domain/supplier-portal/login.ts';

/**
 * The portal home: the account and only the flows it takes part in, newest first. The self-inspection
 * is open while its node is in progress (spec 2 §4.7: the supplier submits there).
 */
export async function portalHome(
  db: Db,
  portal: { email: string; supplierName: string; roles: readonly string[]; flowNos: readonly string[] },
): Promise<PortalMe> {
  const flows = portal.flowNos.length
    ? await db
        .selectFrom('cert_flow as f')
        .leftJoin('cert_flow_node as n', (j) => j.onRef('n.flow_no', '=', 'f.flow_no').on('n.node_code', '=', 'SELF_INSPECTION'))
        .select(['f.flow_no', 'f.supplier_name', 'f.stage', 'f.current_node_code', 'n.status as self_inspection_status'])
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
    })),
  };
}

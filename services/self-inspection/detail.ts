import type { Locale } from '#domain/i18n.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { SUPPLIER_COLLABORATION_ROLE } from '#domain/supplier-portal/roles.ts';
import type { SelfInspectionDetail, SupplierAccountWarning } from '#domain/cert-flow/nodes/self-inspection.ts';
import { loadNode } from '#services/cert-flow/node-work.ts';
import { accountOfFlow } from '#services/supplier-portal/accounts.ts';
import type { Db } from '#db/connection.ts';
import { flowInspectionDimensions } from '#services/scenario/scenario-read.ts';
import { allApproved, rowsOfFlow, statusLabels, toStaffRow } from './rows.ts';

/** GET /v1/self-inspection/detail: the rows, the node, and the supplier-account warning (req flow §4.7). */
export async function selfInspectionDetail(db: Db, flowNo: string, locale: Locale): Promise<SelfInspectionDetail> {
  const node = await loadNode(db, flowNo, 'SELF_INSPECTION');
  const [flow, rows, label, warning, dimensions] = await Promise.all([
    db.selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', flowNo).executeTakeFirstOrThrow(),
    rowsOfFlow(db, flowNo),
    statusLabels(db, locale),
    supplierAccountWarning(db, flowNo),
    flowInspectionDimensions(db, flowNo),
  ]);
  const principal = node.task
    ? await db.selectFrom('staff').select(['job_number', 'name']).where('job_number', '=', node.task.principalJobNumber).executeTakeFirst()
    : undefined;
  return {
    flowNo,
    supplierName: flow.supplier_name,
    nodeStatus: node.status,
    inProgress: node.status === NODE_STATUS.IN_PROGRESS,
    principalId: node.task?.principalJobNumber ?? null,
    principalName: principal?.name ?? null,
    allApproved: allApproved(rows, dimensions),
    supplierAccountWarning: warning,
    rows: rows.map((r) => toStaffRow(r, locale, label)),
  };
}

/** The supplier submits through its portal account, which needs the collaboration role. */
async function supplierAccountWarning(db: Db, flowNo: string): Promise<SupplierAccountWarning | null> {
  const account = await accountOfFlow(db, flowNo);
  if (!account?.active) return 'NO_ACCOUNT';
  return account.roles.includes(SUPPLIER_COLLABORATION_ROLE) ? null : 'NO_COLLABORATION_ROLE';
}

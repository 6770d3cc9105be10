import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import type { DimensionCode } from '#domain/cert-flow/dimensions.ts';
import { allScored, expertsLocked, systemCertCompleter, systemCertStep, type SystemCertDetail } from '#domain/cert-flow/nodes/system-cert.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { isPrincipal, loadNode } from '#services/cert-flow/node-work.ts';
import { itemState, loadItemRows, toItem } from './items.ts';
import { flowStandards } from '#services/scenario/scenario-read.ts';

/** GET /v1/system-cert/task-detail: the items, the step, and what this caller may do (req flow §4.8, §6). */
export async function systemCertDetail(db: Db, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<SystemCertDetail> {
  const node = await loadNode(db, flowNo, 'SYSTEM_CERT');
  const rows = await loadItemRows(db, flowNo);
  const states = rows.map(itemState);
  const inProgress = node.status === NODE_STATUS.IN_PROGRESS;
  const step = systemCertStep(states);
  const { completer, jobNumber } = systemCertCompleter(states, node.task?.principalJobNumber ?? null);
  return {
    step,
    nodeStatus: node.status,
    optional: node.optional,
    items: rows.map((r) => toItem(r, locale)),
    completer,
    completerJobNumber: jobNumber,
    mayEditPeople: inProgress && isPrincipal(node, staff) && !expertsLocked(states),
    editableIndexCodes: inProgress ? rows.filter((r) => r.approve_expert_id === staff.jobNumber).map((r) => r.index_code as DimensionCode) : [],
    mayComplete: inProgress && jobNumber === staff.jobNumber,
    allScored: allScored(states),
    standard: (await flowStandards(db, flowNo)).vda63 ? 'VDA63' : null,
  };
}

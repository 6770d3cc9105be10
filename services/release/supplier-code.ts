import type { Db } from '#db/connection.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { RELEASE_STATUS, releaseFormReadOnly, supplierCodeAvailable, supplierCodeObtained } from '#domain/cert-flow/evaluation.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { translate, withParams } from '#domain/messages.ts';
import type { ReleaseDetail, ReleaseTaskDetail, SupplierCodeInfo } from '#domain/release/release-requests.ts';
import { approvalInfo } from '#services/approval/read.ts';
import { evaluationState } from '#services/cert-flow/evaluation-state.ts';
import { lockNodeInProgress, type CheckedNode } from '#services/cert-flow/node-work.ts';
import { conflict } from '#domain/errors.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { kcp2HighPotential, loadReleaseFlow, effectivePurchaseOrgs, supplierLifeCycle, type ReleaseFlow } from './release-context.ts';
import { erpRefusalOf } from './erp-refusal-task.ts';
import { prefillReleaseForm } from './release-prefill.ts';
import { codeStatusOf, loadRelease, releaseWriter, type ReleaseRow } from './release-row.ts';

/**
 * The supplier-code application (req flow §3.14, §3.15, §4.4, §4.5): whether it may be applied for, the
 * application itself (the release form, prefilled), and where it stands.
 */

/** Req flow §4.4: the code button applies when high potential is settled and the supplier's life cycle is 0. */
async function codeAvailable(db: Db, flow: ReleaseFlow): Promise<boolean> {
  const [state, highPotentialRequired, lifeCycle] = await Promise.all([evaluationState(db, flow.flowNo), kcp2HighPotential(db, flow.flowNo), supplierLifeCycle(db, flow)]);
  return supplierCodeAvailable({ highPotentialRequired, highPotential: state.highPotential, supplierLifeCycle: lifeCycle });
}

export async function supplierCodeInfo(db: Db, flowNo: string, staff: StaffPrincipal): Promise<SupplierCodeInfo> {
  const flow = await loadReleaseFlow(db, flowNo);
  const [row, available, writer] = await Promise.all([loadRelease(db, flowNo), codeAvailable(db, flow), releaseWriter(db, flowNo, staff)]);
  return { flowNo, status: codeStatusOf(row), available, writable: writer.writable };
}

/** Req flow §3.15: the release detail; the ERP's refusal reads 'SAP processing failure message returned: …'. */
export async function releaseDetail(db: Db, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<ReleaseDetail> {
  const info = await supplierCodeInfo(db, flowNo, staff);
  const [row, flow] = await Promise.all([loadRelease(db, flowNo), loadReleaseFlow(db, flowNo)]);
  return { ...info, ...(await detailOf(db, flowNo, row, locale)), lifeCycle: flow.lifeCycle };
}

/** The release's code, its source and outcome; bpmUrl and bpmRemark are the supplier-code approval's (services/approval/read.ts). */
export async function detailOf(db: Db, flowNo: string, row: ReleaseRow | undefined, locale: Locale) {
  const approval = await approvalInfo(db, flowNo, 'SUPPLIER_CODE', locale);
  return {
    supplierCode: row?.supplierCode ?? null,
    supplierSource: row?.supplierSource ?? null,
    bpmUrl: approval.bpmUrl,
    bpmRemark: approval.bpmRemark,
    sapResult: row?.sapResult ? translate(withParams('erpRefused', { message: row.sapResult }), 'en') : null,
    sapAdvice: erpRefusalOf(row, locale),
    readOnly: row ? releaseFormReadOnly(row.status) : false,
  };
}

/**
 * Applies for a supplier code (req flow §4.5): refused (409) unless the code button applies; creates the
 * release form, status NEW, prefilled, with its history row. Applying again answers the application
 * as it stands, so a double click or a retried request creates one.
 */
export async function applyForSupplierCode(db: Db, node: CheckedNode, staff: StaffPrincipal, locale: Locale): Promise<ReleaseDetail> {
  const flow = await loadReleaseFlow(db, node.flowNo);
  if (!(await loadRelease(db, node.flowNo))) {
    if (!(await codeAvailable(db, flow))) throw conflict('supplierCodeUnavailable');
    const highPotential = await kcp2HighPotential(db, flow.flowNo);
    const form = await prefillReleaseForm(db, flow, {
      // An admitted supplier's own code; a new one gets its code from the ERP, none before.
      supplierCode: flow.supplierCode ?? undefined,
      highPotential,
      effectivePurchaseOrgs: await effectivePurchaseOrgs(db, flow),
    });
    await db.transaction().execute(async (trx) => {
      await lockNodeInProgress(trx, node.flowNo, node.nodeCode);
      const created = await trx
        .insertInto('supplier_release')
        .values({ flow_no: flow.flowNo, status: RELEASE_STATUS.INIT, form: JSON.stringify(form), version: 1, updated_by: staff.jobNumber })
        .onConflict((oc) => oc.column('flow_no').doNothing())
        .returning('flow_no')
        .executeTakeFirst();
      if (created) await writeHistory(trx, { relation: flowLogOf(flow.flowNo), actor: actorOf(staff), action: 'SUPPLIER_CODE_APPLY', description: '发起供应商编码申请' });
    });
  }
  return releaseDetail(db, node.flowNo, staff, locale);
}

/**
 * GET task-detail: the node the form is written at, its principal, the release detail and what this
 * user may do; at an open RELEASE with the code obtained, whether it awaits (and this user may give)
 * the confirmation.
 */
export async function releaseTaskDetail(db: Db, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<ReleaseTaskDetail> {
  const [{ node }, detail] = await Promise.all([releaseWriter(db, flowNo, staff), releaseDetail(db, flowNo, staff, locale)]);
  const task = node.task
    ? await db.selectFrom('cert_task as t').leftJoin('staff as s', 's.job_number', 't.principal_job_number').select(['s.name', 't.end_time']).where('t.task_no', '=', node.task.taskNo).executeTakeFirst()
    : undefined;
  const awaitingConfirmation = node.nodeCode === 'RELEASE' && node.status === NODE_STATUS.IN_PROGRESS && !node.flowEnded && supplierCodeObtained(detail);
  return {
    ...detail,
    nodeCode: node.nodeCode as 'KCP2' | 'RELEASE',
    nodeStatus: node.status,
    taskPrincipalId: node.task?.principalJobNumber ?? null,
    taskPrincipalName: task?.name ?? null,
    taskEndTime: task?.end_time ? new Date(task.end_time).toISOString() : null,
    awaitingConfirmation,
    // writable: the principal of the node the form is written at, which is RELEASE while it is open.
    confirmable: awaitingConfirmation && detail.writable,
  };
}

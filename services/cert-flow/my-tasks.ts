import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import { ENDED_STAGES } from '#domain/cert-flow/rules.ts';
import { NODE_TASK_NAME } from '#domain/cert-flow/node-principals.ts';
import { FOLLOW_UP_TASK_NAME, RFI_TASK_NAME, dimensionOfTaskNo, isFollowUpTaskType, dimensionTaskName, isDimensionTaskType, isRfiReviewKind, type RfiTaskType } from '#domain/cert-flow/tasks.ts';
import type { MyOpenTask } from '#domain/cert-flow/flow-detail.ts';
import { approvalCardPath, flowDetailPath, rfiAuditPath } from '#domain/rfi/routes.ts';
import { APPROVAL_TASK_NAME } from '#domain/cert-flow/approvals.ts';
import type { ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import { EXIT_APPROVAL_TASK, EXIT_APPROVAL_TASK_NAME, EXIT_TASK_NODE_NAME, exitDetailPath } from '#domain/supplier-exit/exit.ts';
import { CHANGE_TASK_NAME, CHANGE_TASK_NODE, CHANGE_TASK_NODE_NAME, CHANGE_TASK_TYPE, CHANGE_TASK_TYPES, type ChangeTaskType } from '#domain/supplier-change/approval.ts';
import { changeApprovalPath, innerEditPath } from '#domain/supplier-change/routes.ts';
import { listRoundTasks } from '#services/assessment/my-round-tasks.ts';
import { listCertificateTasks } from '#services/certificates/certificate-tasks.ts';
import { systemCertWaits } from '#services/system-cert/waiting.ts';
import { MY_TASKS_LIMIT, openTasksOf, taskFields, type OpenTaskKind } from './open-tasks.ts';

/**
 * GET /v1/cert-flow-node/my-tasks: the signed-in staff member's open tasks of running flows and of
 * exits and information changes waiting for them, newest first. Flows in stage 10 cannot be opened from
 * the list (req flow §2.1), so this is how staff reach APTITUDE and KCP1 besides the task mail. An approval
 * step links to its approval record card, an exit's approval to the exit's page, a change's approval to its
 * approval card and a returned change to its form.
 */
export async function listMyOpenTasks(db: Db, jobNumber: string, locale: Locale, now = new Date()): Promise<MyOpenTask[]> {
  const kinds = await Promise.all(TASK_KINDS.map((kind) => kind(db, jobNumber, locale, now)));
  return kinds
    .flat()
    .sort((a, b) => b.createTime.localeCompare(a.createTime) || b.taskNo.localeCompare(a.taskNo))
    .slice(0, MY_TASKS_LIMIT);
}

/** A submitted exit waiting for this approver: its task opens the exit's detail page, its approval card. */
const listExitTasks: OpenTaskKind = async (db, jobNumber, locale, now) => {
  const rows = await openTasksOf(db, jobNumber)
    .innerJoin('supplier_exit as e', 'e.flow_no', 't.flow_no')
    .innerJoin('supplier as s', 's.supplier_no', 'e.supplier_no')
    .select(['t.task_no', 't.task_type', 't.created_at', 'e.flow_no', 's.name'])
    .where('t.task_type', '=', EXIT_APPROVAL_TASK.taskType)
    .where('e.status', '=', 'submitted')
    .execute();
  return rows.map((r) => ({
    ...taskFields(r, now),
    flowNo: r.flow_no,
    supplierName: r.name,
    nodeCode: EXIT_APPROVAL_TASK.nodeCode,
    nodeName: EXIT_TASK_NODE_NAME[locale],
    taskName: EXIT_APPROVAL_TASK_NAME[locale],
    link: exitDetailPath(r.flow_no),
  }));
};

/**
 * A supplier information change's tasks (its flow_no is the change's number): an approver's step or
 * conflict while the change waits for a decision, the submitter's returned change while it is rejected.
 */
const listChangeTasks: OpenTaskKind = async (db, jobNumber, locale, now) => {
  const rows = await openTasksOf(db, jobNumber)
    .innerJoin('supplier_change as c', 'c.flow_no', 't.flow_no')
    .innerJoin('supplier as s', 's.supplier_no', 'c.supplier_no')
    .select(['t.task_no', 't.task_type', 't.created_at', 'c.flow_no', 's.name'])
    .where('t.task_type', 'in', CHANGE_TASK_TYPES)
    .where((eb) =>
      eb.or([
        eb.and([eb('t.task_type', '=', CHANGE_TASK_TYPE.approval), eb('c.status', 'in', ['approving', 'conflict'])]),
        eb.and([eb('t.task_type', '=', CHANGE_TASK_TYPE.returned), eb('c.status', '=', 'rejected')]),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    ...taskFields(r, now),
    flowNo: r.flow_no,
    supplierName: r.name,
    nodeCode: CHANGE_TASK_NODE,
    nodeName: CHANGE_TASK_NODE_NAME[locale],
    taskName: CHANGE_TASK_NAME[r.task_type as ChangeTaskType][locale],
    link: r.task_type === CHANGE_TASK_TYPE.returned ? innerEditPath(r.flow_no) : changeApprovalPath(r.flow_no),
  }));
};

/** A running certification flow's tasks: a node's, a review's, a dimension's or an approval step's. */
const listFlowTasks: OpenTaskKind = async (db, jobNumber, locale, now) => {
  const rows = await openTasksOf(db, jobNumber)
    .innerJoin('cert_flow as f', 'f.flow_no', 't.flow_no')
    .leftJoin('flow_approval as a', 'a.approval_no', 't.apply_no')
    .select(['t.task_no', 't.task_type', 't.task_name', 't.node_code', 't.apply_no', 't.end_time', 't.created_at', 'f.flow_no', 'f.supplier_name', 'a.kind as approval_kind'])
    .where('f.stage', 'not in', ENDED_STAGES)
    .execute();
  const systemCert = rows.filter((r) => r.node_code === 'SYSTEM_CERT' && r.task_type === 'NODE_PRINCIPAL').map((r) => ({ flowNo: r.flow_no, principalJobNumber: jobNumber }));
  const waits = await systemCertWaits(db, systemCert, locale);
  return rows.map((r) => {
    const nodeCode = r.node_code as NodeCode;
    const nodeName = NODE_TASK_NAME[nodeCode]?.[locale] ?? r.node_code;
    const review = isRfiReviewKind(r.task_type) && r.apply_no;
    const approval = r.task_type === 'APPROVAL' ? (r.approval_kind as ApprovalKind | null) : null;
    const dimension = isDimensionTaskType(r.task_type) ? dimensionOfTaskNo(r.task_no, r.task_type) : undefined;
    return {
      ...taskFields(r, now),
      flowNo: r.flow_no,
      supplierName: r.supplier_name,
      nodeCode,
      nodeName,
      taskName: approval
        ? APPROVAL_TASK_NAME[approval][locale]
        : r.task_type === 'NODE_PRINCIPAL'
          ? withWait(nodeName, waits.get(r.flow_no), locale)
          : dimension && isDimensionTaskType(r.task_type)
            ? dimensionTaskName(r.task_type, dimension, locale)
            : isFollowUpTaskType(r.task_type)
              ? FOLLOW_UP_TASK_NAME[r.task_type][locale]
              : (RFI_TASK_NAME[r.task_type as RfiTaskType]?.[locale] ?? r.task_name),
      // Every other task opens its node's screen on the progress page (a to-do's is KCP2, wherever the flow stands by then).
      link: review
        ? rfiAuditPath({ applyNo: r.apply_no!, flowNo: r.flow_no, taskNo: r.task_no })
        : approval
          ? approvalCardPath({ flowNo: r.flow_no, taskNo: r.task_no })
          : flowDetailPath(r.flow_no, nodeCode),
    };
  });
};

/** A principal's task that waits for others says for what: `体系认证：等待专家评分（1/3）`. */
const withWait = (name: string, wait: string | undefined, locale: Locale) => (!wait ? name : locale === 'zh' ? `${name}：${wait}` : `${name}: ${wait}`);

const TASK_KINDS: readonly OpenTaskKind[] = [listFlowTasks, listExitTasks, listChangeTasks, listRoundTasks, listCertificateTasks];

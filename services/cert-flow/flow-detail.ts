import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { PERMISSIONS, hasPermission } from '#domain/permissions.ts';
import { NODE_REQUIRED, NODE_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import { workingDaysBetween } from '#domain/calendar/working-days.ts';
import { loadCalendar } from '#services/calendar/working-calendar.ts';
import { NODE_TASK_NAME } from '#domain/cert-flow/node-principals.ts';
import { isRfiReviewKind } from '#domain/cert-flow/tasks.ts';
import { STAGE_GROUP_NAMES, type FlowDetail, type FlowDetailNode, type FlowNodeTask, type FlowRoleHolderView } from '#domain/cert-flow/flow-detail.ts';
import { maskEmail, maskName, maskPhone } from '#domain/cert-flow/contact-mask.ts';
import { mayReadDetail, mayRevealContact } from '#domain/cert-flow/rules.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { forbidden, notFound } from '#domain/errors.ts';
import { participantFlows } from './participants.ts';
import { tasksOfFlow, type TaskListRow } from './task-rows.ts';
import { flowCategoryNamesSql } from './category-names.ts';

/** Where the Temporal UI lives; the progress page links administrators to the flow's workflow there. */
export interface TemporalUi {
  uiUrl: string;
  namespace: string;
}

type FlowRow = Awaited<ReturnType<typeof loadFlowRow>>;

async function loadFlowRow(db: Db, flowNo: string, locale: Locale) {
  const nameCol = locale === 'en' ? 'name_en' : 'name_zh';
  const labelCol = locale === 'en' ? 'label_en' : 'label_zh';
  return db
    .selectFrom('cert_flow as f')
    .leftJoin('cmt as c', 'c.code', 'f.cmt_code')
    .leftJoin('scenario as s', 's.code', 'f.cert_scenario')
    .leftJoin('staff as p', 'p.job_number', 'f.purchase_job_number')
    .leftJoin('staff as l', 'l.job_number', 'f.cmt_leader_job_number')
    .leftJoin('dict_entry as d', (j) => j.on('d.dict_type', '=', 'fri_cert_stage').on(sql`d.dict_key`, '=', sql`f.stage::text`))
    .leftJoin('requalification as q', 'q.flow_no', 'f.flow_no')
    .selectAll('f')
    .select(['q.trigger as requalification_trigger', 'q.outcome as requalification_outcome', 'q.exit_flow_no as requalification_exit'])
    .select([`c.${nameCol} as cmt_name`, `s.${nameCol} as scenario_name`, 'p.name as purchase_name', 'l.name as leader_name', `d.${labelCol} as stage_label`, flowCategoryNamesSql(locale).as('category_names')])
    .where('f.flow_no', '=', flowNo)
    .executeTakeFirst();
}

/** GET /v1/cert-flow-node/detail: the progress page's read model with the contact masked. */
export async function loadFlowDetail(db: Db, temporal: TemporalUi, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<FlowDetail> {
  const flow = await loadFlowRow(db, flowNo, locale);
  if (!flow) throw notFound('flowNotFound');
  if (!mayReadDetail(flow, { participant: (await participantFlows(db, staff.jobNumber, [flowNo])).has(flowNo), permissions: staff.permissions })) {
    throw forbidden('flowNotOpen');
  }
  const [nodes, tasks, roles, address, calendar, auditActions] = await Promise.all([
    db.selectFrom('cert_flow_node').selectAll().where('flow_no', '=', flowNo).orderBy('seq').execute(),
    tasksOfFlow(db, flowNo),
    loadRoles(db, flowNo, locale),
    loadAddress(db, flowNo),
    flow.current_due_at ? loadCalendar(db) : undefined,
    db.selectFrom('vda_action').select((eb) => eb.fn.countAll<string>().as('n')).where('flow_no', '=', flowNo).where('status', '!=', 'CLOSED').executeTakeFirstOrThrow(),
  ]);
  const open = flow.current_due_at ? nodes.find((n) => n.node_code === flow.current_node_code && n.status === NODE_STATUS.IN_PROGRESS && n.started_at) : undefined;
  const limitDays = open && flow.node_plan.find((n) => n.nodeCode === open.node_code)?.dueDays;
  const now = new Date();
  const timeLimit =
    open && limitDays && flow.current_due_at
      ? {
          nodeCode: open.node_code as NodeCode,
          limitDays,
          spentDays: workingDaysBetween(new Date(open.started_at!), now, calendar),
          dueAt: new Date(flow.current_due_at).toISOString(),
          overdue: now > new Date(flow.current_due_at),
        }
      : null;

  const views: FlowDetailNode[] = nodes.map((n) => {
    const code = n.node_code as NodeCode;
    return {
      nodeCode: code,
      nodeName: NODE_TASK_NAME[code]?.[locale] ?? code,
      stage: n.stage,
      nodeStatus: n.status,
      nodeRequired: n.node_required ?? NODE_REQUIRED.REQUIRED,
      kcp: n.kcp ? 'YES' : 'NO',
      startTime: n.started_at ? new Date(n.started_at).toISOString() : null,
      finishTime: n.finished_at ? new Date(n.finished_at).toISOString() : null,
      taskList: tasksOfNode(tasks, code),
    };
  });
  const group = (stage: number) => views.filter((n) => n.stage === stage);
  const [one, two, three, four] = STAGE_GROUP_NAMES;
  const reveal = mayRevealContact({ purchaseJobNumber: flow.purchase_job_number, cmtLeaderJobNumber: flow.cmt_leader_job_number }, staff);

  return {
    flowNo: flow.flow_no,
    applyType: flow.apply_type,
    requalification: flow.requalification_trigger && flow.requalification_outcome ? { trigger: flow.requalification_trigger, outcome: flow.requalification_outcome, exitFlowNo: flow.requalification_exit } : null,
    supplierName: flow.supplier_name,
    supplierCode: flow.supplier_code,
    certScenario: flow.cert_scenario,
    certScenarioStr: flow.scenario_name ?? flow.cert_scenario,
    stage: flow.stage,
    stageStr: flow.stage_label ?? String(flow.stage),
    currentNodeCode: flow.current_node_code as NodeCode,
    stageOneName: one.name[locale],
    stageOneList: group(one.stage),
    stageTwoName: two.name[locale],
    stageTwoList: group(two.stage),
    stageThreeName: three.name[locale],
    stageThreeList: group(three.stage),
    stageFourName: four.name[locale],
    stageFourList: group(four.stage),
    registration: registrationOf(flow, address),
    contactEnable: reveal,
    openAuditActions: Number(auditActions.n),
    roles,
    // Only administrators see the engine: the link names the workflow and its whole history.
    temporalUrl: hasPermission(staff.permissions, PERMISSIONS.certProcessManageAll)
      ? `${temporal.uiUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(temporal.namespace)}/workflows/${encodeURIComponent(flow.workflow_id)}`
      : null,
    timeLimit,
  };
}

function registrationOf(flow: NonNullable<FlowRow>, address: string | null): FlowDetail['registration'] {
  return {
    supplierName: flow.supplier_name,
    cmtName: flow.cmt_name ?? '',
    address,
    currentCategoryNames: flow.category_names ?? flow.category_list.map((c) => c.name).join(', '),
    purchaseName: flow.purchase_name ?? flow.purchase_job_number,
    cmtLeaderName: flow.leader_name ?? flow.cmt_leader_job_number,
    recommendName: flow.recommend_name,
    applyReason: flow.apply_reason,
    contactName: maskName(flow.contact_name),
    contactEmail: flow.contact_email ? maskEmail(flow.contact_email) : null,
    contactAreaCode: flow.contact_area_code,
    contactNumber: maskPhone(flow.contact_number),
  };
}

/**
 * taskList[0] is the principal task (req flow §6): the NODE_PRINCIPAL task of a node; at RFI the
 * REGISTER_RFI task, followed by its review tasks.
 */
function tasksOfNode(tasks: TaskListRow[], nodeCode: NodeCode): FlowNodeTask[] {
  const own = tasks.filter((t) => t.nodeCode === nodeCode);
  const first = nodeCode === 'RFI' ? 'REGISTER_RFI' : 'NODE_PRINCIPAL';
  const principal = own.filter((t) => t.taskType === first).reverse(); // the newest principal task first
  const rest = own.filter((t) => t.taskType !== first && (nodeCode !== 'RFI' || isRfiReviewKind(t.taskType)));
  return [...principal, ...rest].map((t) => ({
    taskNo: t.taskNo,
    taskPrincipalId: t.principalJobNumber,
    taskPrincipalName: t.principalName,
    taskStatus: t.status,
    taskEndTime: t.endTime,
    applyNo: t.applyNo,
  }));
}

async function loadRoles(db: Db, flowNo: string, locale: Locale): Promise<FlowRoleHolderView[]> {
  const labelCol = locale === 'en' ? 'label_en' : 'label_zh';
  const rows = await db
    .selectFrom('cert_flow_role as r')
    .leftJoin('dict_entry as d', (j) => j.on('d.dict_type', '=', 'cert_task_responsible_person').onRef('d.dict_key', '=', 'r.role'))
    .select(['r.role', 'r.job_number', 'r.name', `d.${labelCol} as label`, 'd.sort'])
    .where('r.flow_no', '=', flowNo)
    .orderBy('d.sort')
    .orderBy('r.role')
    .execute();
  return rows.map((r) => ({ role: r.role, roleName: r.label ?? r.role, jobNumber: r.job_number, name: r.name }));
}

/** The registered address the supplier gave in the questionnaire (company step), when there is one. */
async function loadAddress(db: Db, flowNo: string): Promise<string | null> {
  const app = await db
    .selectFrom('rfi_application')
    .select(sql<Record<string, unknown> | null>`sections->'company'`.as('company'))
    .where('flow_no', '=', flowNo)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const c = app?.company;
  if (!c) return null;
  const parts = ['countryName', 'provinceName', 'city', 'address'].map((k) => c[k]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return parts.length ? parts.join(' ') : null;
}

import type { Insertable } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { CertFlowTable } from '#db/schema.ts';
import type { Locale } from '#domain/i18n.ts';
import type { Actor } from '#domain/identity.ts';
import { APPLY_TYPE, NODE_REQUIRED, NODE_STATUS, STAGE } from '#domain/cert-flow/enums.ts';
import { nodePlan, type NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import type { RegisterApply } from '#domain/cert-flow/apply.ts';
import { badRequest, unavailable, type FieldErrors } from '#domain/errors.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { certFlowWorkflowId } from '#workflows/definitions.ts';
import { duplicateVerdict } from '#domain/cert-flow/duplicates.ts';
import { findDuplicates } from './duplicate-check.ts';
import { nextFlowNo } from './flow-no.ts';
import { initialFlowRoles, type FlowRoleHolder } from './roles.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';

/** The flow's kind as the engine's search attribute FlowKind names it. */
const FLOW_KIND: Record<number, 'REGISTER' | 'EXPAND' | 'REQUALIFY'> = { [APPLY_TYPE.REGISTER]: 'REGISTER', [APPLY_TYPE.EXPAND]: 'EXPAND', [APPLY_TYPE.REQUALIFY]: 'REQUALIFY' };

export interface Applicant {
  id: string;
  jobNumber: string;
  name: string;
}

/** The fields both apply modes share (req flow §2.2); e-mail is optional for an expansion (req flow §5.1). */
/** What both applications record; a registration's region and code, an expansion's come from its supplier. */
export type ApplyForm = Omit<RegisterApply, 'contactEmail' | 'certifiedRegion' | 'creditCode'> & { contactEmail?: string; certifiedRegion?: number | null; creditCode?: string | null };

/**
 * A new registration application (req flow §2.2): checks the references the form only picked,
 * records the flow with its node plan snapshot and history in one transaction, then starts its
 * workflow, which opens the RFI node and invites the supplier.
 */
export async function applyForRegistration(
  deps: { db: Db; flows: FlowGateway },
  input: RegisterApply,
  applicant: Applicant,
  locale: Locale,
): Promise<{ flowNo: string }> {
  const refs = await checkReferences(deps.db, input, APPLY_TYPE.REGISTER);
  // The duplicate check: a credit code already admitted or in a running flow refuses; other matches need a reason.
  const matches = await findDuplicates(deps.db, input, locale);
  const verdict = duplicateVerdict(matches);
  if (verdict.refusal) throw badRequest(verdict.refusal, { creditCode: verdict.refusal });
  if (verdict.reasonRequired && !input.duplicateReason) throw badRequest('enterDuplicateReason', { duplicateReason: 'enterDuplicateReason' });
  const similar = verdict.reasonRequired ? `；相似供应商 ${matches.map((m) => m.no).join('、')}，继续申请的理由：${input.duplicateReason}` : '';
  return recordAndStartFlow(deps, {
    applyType: APPLY_TYPE.REGISTER,
    input,
    refs,
    supplier: null,
    applicant,
    locale,
    history: { action: 'APPLY', description: `新建注册申请：${input.supplierName}${similar}` },
  });
}

/** The accepted supplier an expansion is for (null for a registration). */
export interface FlowSupplier {
  supplierNo: string;
  supplierCode: string;
  name: string;
  certifiedRegion: number;
  creditCode: string;
}

/**
 * Records a flow (application, node plan, roles, history) in one transaction, then starts its
 * workflow. Without its workflow the flow could never move, so a failed start takes the record back.
 */
export async function recordAndStartFlow(
  deps: { db: Db; flows: FlowGateway },
  a: {
    applyType: number;
    input: ApplyForm;
    refs: References;
    supplier: FlowSupplier | null;
    applicant: Applicant;
    locale: Locale;
    history: { action: string; description: string; actor?: Actor; detail?: Record<string, unknown> };
    /** What else the application records in its transaction (a requalification's own rows), and how a failed start takes it back. */
    also?: { record(trx: Db, flowNo: string): Promise<void>; takeBack(trx: Db, flowNo: string): Promise<void> };
  },
): Promise<{ flowNo: string }> {
  const { db } = deps;
  const { input, refs, supplier, applicant } = a;
  const now = new Date();
  const roles = await initialFlowRoles(db, {
    purchaseManager: { jobNumber: applicant.jobNumber, name: applicant.name },
    cmtLeaderJobNumber: refs.cmtLeader,
  });
  const flowNo = await nextFlowNo(db, now);
  const plan = refs.plan;
  const supplierName = supplier?.name ?? input.supplierName;

  await db.transaction().execute(async (trx) => {
    await insertFlow(
      trx,
      {
        flow_no: flowNo,
        apply_type: a.applyType,
        supplier_no: supplier?.supplierNo ?? null,
        supplier_code: supplier?.supplierCode ?? null,
        supplier_name: supplierName,
        category_list: JSON.stringify(input.categoryList.map((c) => ({ code: c.code, name: refs.categoryNames.get(c.code) ?? c.name }))),
        cmt_code: input.cmtCode,
        cert_scenario: input.certScenario,
        scenario_version: refs.scenarioVersion,
        apply_reason: input.applyReason,
        recommend_job: input.recommendJob,
        recommend_name: refs.recommendName,
        contact_name: input.contactName,
        contact_email: input.contactEmail ?? null,
        contact_area_code: input.contactAreaCode,
        contact_number: input.contactNumber,
        certified_region: supplier?.certifiedRegion ?? input.certifiedRegion ?? null,
        credit_code: supplier?.creditCode ?? input.creditCode ?? null,
        locale: a.locale,
        purchase_job_number: applicant.jobNumber,
        cmt_leader_job_number: refs.cmtLeader,
        created_by: applicant.id,
      },
      plan,
      roles,
      now,
    );
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      dedupeKey: `apply:${flowNo}`,
      actor: a.history.actor ?? applicant,
      action: a.history.action,
      description: a.history.description,
      detail: { supplierName, ...(supplier ? { supplierCode: supplier.supplierCode } : {}), ...a.history.detail },
    });
    await a.also?.record(trx, flowNo);
  });

  try {
    await deps.flows.startFlow({
      flowNo,
      plan,
      ...(a.applyType === APPLY_TYPE.REQUALIFY ? { requalification: true as const } : {}),
      searchAttributes: {
        flowNo,
        supplierName,
        scenario: input.certScenario,
        purchaseManager: applicant.jobNumber,
        stage: STAGE.PREPARATION,
        currentNode: firstOpenNode(plan),
        flowKind: FLOW_KIND[a.applyType],
        ...(supplier ? { supplierCode: supplier.supplierCode } : {}),
      },
    });
  } catch (err) {
    // The history row goes with the record: no log of a flow that does not exist.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('operation_history').where('dedupe_key', '=', `apply:${flowNo}`).execute();
      await a.also?.takeBack(trx, flowNo);
      await trx.deleteFrom('cert_flow').where('flow_no', '=', flowNo).execute();
    });
    throw Object.assign(unavailable(), { cause: err });
  }
  return { flowNo };
}

/** A flow's row as the application fills it; the node plan and the flow number decide the rest. */
export type NewFlowRow = Omit<Insertable<CertFlowTable>, 'node_plan' | 'stage' | 'current_node_code' | 'workflow_id'>;

/**
 * Inserts a new flow: its row, the plan's nodes (START finished, the others not started) and who
 * holds each responsibility. Call it inside the transaction that records the application.
 */
export async function insertFlow(trx: Db, row: NewFlowRow, plan: NodePlanEntry[], roles: FlowRoleHolder[], now: Date): Promise<void> {
  const flowNo = row.flow_no;
  await trx
    .insertInto('cert_flow')
    .values({
      ...row,
      node_plan: JSON.stringify(plan),
      stage: STAGE.PREPARATION,
      current_node_code: firstOpenNode(plan),
      workflow_id: certFlowWorkflowId(flowNo),
    })
    .execute();
  await trx
    .insertInto('cert_flow_node')
    .values(
      plan.map((n, seq) => ({
        flow_no: flowNo,
        node_code: n.nodeCode,
        seq,
        stage: n.stage,
        // START is the application itself: finished the moment the flow is recorded.
        status: n.nodeCode === 'START' ? NODE_STATUS.FINISHED : NODE_STATUS.NOT_FINISH,
        node_required: n.nodeRequired ?? NODE_REQUIRED.REQUIRED,
        kcp: n.kcp,
        started_at: n.nodeCode === 'START' ? now : null,
        finished_at: n.nodeCode === 'START' ? now : null,
      })),
    )
    .execute();
  await trx
    .insertInto('cert_flow_role')
    .values(roles.map((r) => ({ flow_no: flowNo, role: r.role, job_number: r.jobNumber, name: r.name })))
    .execute();
}

function firstOpenNode(plan: { nodeCode: string }[]): string {
  return (plan.find((n) => n.nodeCode !== 'START') ?? plan[0]).nodeCode;
}

export interface References {
  /** The applied version of the scenario: the plan snapshotted on the flow, and the version it records (architecture §4). */
  plan: NodePlanEntry[];
  scenarioVersion: number | null;
  cmtLeader: string;
  recommendName: string;
  categoryNames: Map<string, string>;
}

/**
 * Checks what the form only picked: the scenario (of this apply type), the CMT, small enabled
 * categories, the recommender. `errors` holds the caller's own findings so every field is named in
 * one answer; any error refuses with 400.
 */
export async function checkReferences(db: Db, input: ApplyForm, applyType: number, errors: FieldErrors = {}): Promise<References> {
  const [scenario, cmt, categories, recommender] = await Promise.all([
    db.selectFrom('scenario').select(['node_plan', 'apply_type', 'active', 'applied_version']).where('code', '=', input.certScenario).executeTakeFirst(),
    db.selectFrom('cmt').select('leader_job_number').where('code', '=', input.cmtCode).executeTakeFirst(),
    db
      .selectFrom('category')
      .select(['code', 'name_zh', 'level', 'status'])
      .where('code', 'in', input.categoryList.map((c) => c.code))
      .execute(),
    db.selectFrom('staff').select('name').where('job_number', '=', input.recommendJob).where('active', '=', true).executeTakeFirst(),
  ]);
  const plan = scenario && nodePlan.safeParse(scenario.node_plan);
  if (!scenario || !scenario.active || scenario.apply_type !== applyType || !plan?.success) errors.certScenario = 'unknownScenario';
  if (!cmt) errors.cmtCode = 'unknownCmt';
  const selectable = categories.filter((c) => c.level === 3 && c.status !== 20);
  if (selectable.length !== new Set(input.categoryList.map((c) => c.code)).size) errors.categoryList ??= 'categoryNotSelectable';
  if (!recommender) errors.recommendJob = 'unknownStaff';
  if (Object.keys(errors).length || !scenario || !plan?.success || !cmt || !recommender) throw badRequest('invalidInput', errors);
  return {
    plan: plan.data,
    scenarioVersion: scenario.applied_version,
    cmtLeader: cmt.leader_job_number,
    recommendName: recommender.name,
    categoryNames: new Map(categories.map((c) => [c.code, c.name_zh])),
  };
}

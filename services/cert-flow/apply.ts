import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { APPLY_TYPE, NODE_REQUIRED, NODE_STATUS, RELATION_TYPE, STAGE } from '#domain/cert-flow/enums.ts';
import { nodePlan } from '#domain/cert-flow/node-plan.ts';
import type { RegisterApply } from '#domain/cert-flow/apply.ts';
import { badRequest, unavailable, type FieldErrors } from '#api/http/errors.ts';
import type { FlowGateway } from '#api/cert-flow/flow-gateway.ts';
import { certFlowWorkflowId } from '#workflows/definitions.ts';
import { nextFlowNo } from './flow-no.ts';
import { initialFlowRoles } from './roles.ts';

export interface Applicant {
  id: string;
  jobNumber: string;
  name: string;
}

/**
 * A new registration application (spec 2 §2.2): checks the references the form only picked,
 * records the flow with its node plan snapshot and history in one transaction, then starts its
 * workflow, which opens the RFI node and invites the supplier.
 */
export async function applyForRegistration(
  deps: { db: Db; flows: FlowGateway },
  input: RegisterApply,
  applicant: Applicant,
  locale: Locale,
): Promise<{ flowNo: string }> {
  const { db } = deps;
  const refs = await checkReferences(db, input, APPLY_TYPE.REGISTER);
  const now = new Date();
  const roles = await initialFlowRoles(db, {
    purchaseManager: { jobNumber: applicant.jobNumber, name: applicant.name },
    cmtLeaderJobNumber: refs.cmtLeader,
  });
  const flowNo = await nextFlowNo(db, now);
  const plan = refs.plan;

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cert_flow')
      .values({
        flow_no: flowNo,
        apply_type: APPLY_TYPE.REGISTER,
        supplier_name: input.supplierName,
        category_list: JSON.stringify(input.categoryList.map((c) => ({ code: c.code, name: refs.categoryNames.get(c.code) ?? c.name }))),
        cmt_code: input.cmtCode,
        cert_scenario: input.certScenario,
        apply_reason: input.applyReason,
        recommend_job: input.recommendJob,
        recommend_name: refs.recommendName,
        contact_name: input.contactName,
        contact_email: input.contactEmail,
        contact_area_code: input.contactAreaCode,
        contact_number: input.contactNumber,
        locale,
        node_plan: JSON.stringify(plan),
        stage: STAGE.PREPARATION,
        current_node_code: firstOpenNode(plan),
        purchase_job_number: applicant.jobNumber,
        cmt_leader_job_number: refs.cmtLeader,
        workflow_id: certFlowWorkflowId(flowNo),
        created_by: applicant.id,
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
    await trx
      .insertInto('operation_history')
      .values({
        relation_type: RELATION_TYPE.CERT_FLOW,
        relation_code: flowNo,
        dedupe_key: `apply:${flowNo}`,
        operator_id: applicant.id,
        operator_name: applicant.name,
        action: 'APPLY',
        description: `新建注册申请：${input.supplierName}`,
        detail: JSON.stringify({ supplierName: input.supplierName }),
      })
      .execute();
  });

  try {
    await deps.flows.startFlow({
      flowNo,
      plan,
      searchAttributes: {
        flowNo,
        supplierName: input.supplierName,
        scenario: input.certScenario,
        purchaseManager: applicant.jobNumber,
        stage: STAGE.PREPARATION,
        currentNode: firstOpenNode(plan),
      },
    });
  } catch (err) {
    // Without its workflow the flow could never move: take the record back and say so.
    await db.deleteFrom('cert_flow').where('flow_no', '=', flowNo).execute();
    throw Object.assign(unavailable(), { cause: err });
  }
  return { flowNo };
}

function firstOpenNode(plan: { nodeCode: string }[]): string {
  return (plan.find((n) => n.nodeCode !== 'START') ?? plan[0]).nodeCode;
}

async function checkReferences(db: Db, input: RegisterApply, applyType: number) {
  const errors: FieldErrors = {};
  const [scenario, cmt, categories, recommender] = await Promise.all([
    db.selectFrom('scenario').select(['node_plan', 'apply_type', 'active']).where('code', '=', input.certScenario).executeTakeFirst(),
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
  if (selectable.length !== new Set(input.categoryList.map((c) => c.code)).size) errors.categoryList = 'categoryNotSelectable';
  if (!recommender) errors.recommendJob = 'unknownStaff';
  if (Object.keys(errors).length || !plan?.success || !cmt || !recommender) throw badRequest('invalidInput', errors);
  return {
    plan: plan.data,
    cmtLeader: cmt.leader_job_number,
    recommendName: recommender.name,
    categoryNames: new Map(categories.map((c) => [c.code, c.name_zh])),
  };
}

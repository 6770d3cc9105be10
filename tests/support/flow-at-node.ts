import crypto from 'node:crypto';
import type { Db } from '#db/connection.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { NODE_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS, type NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import type { FlowResponsibility } from '#domain/cert-flow/node-principals.ts';
import { insertFlow } from '#services/cert-flow/apply.ts';
import { initialFlowRoles } from '#services/cert-flow/roles.ts';
import { TEST_SECRET } from './workflow-harness.ts';
import { testErp } from './erp.ts';

export interface FlowAtNode {
  flowNo: string;
  email: string;
  /** Who holds each responsibility of the flow (job numbers). */
  roles: Partial<Record<FlowResponsibility, string>>;
}

export interface FlowOptions {
  plan?: NodePlanEntry[];
  /** Responsibilities held by someone else than the application gives them to (null: nobody holds it). */
  roles?: Partial<Record<FlowResponsibility, string | null>>;
  /** The contact's e-mail; null for none (an expansion may have none). */
  email?: string | null;
  supplierName?: string;
  applyType?: number;
  creditCode?: string;
  /** A version of the seeded NEW_SUPPLIER scenario the flow runs under (none unless given: the nodes' standard behaviour). */
  scenarioVersion?: number;
}

/**
 * A flow as an application records it, through the application's own insert (`insertFlow`): START
 * finished, its first node not opened yet, no workflow behind it. Its category is a seeded one, as the
 * apply checks, so admission can admit it (supplier_category points at the category table). Purchasing manager E10002 (王磊),
 * CMT leader E10010, every other responsibility to its first seeded holder.
 */
export async function insertAppliedFlow(db: Db, opts: FlowOptions = {}): Promise<FlowAtNode> {
  const flowNo = `T${Date.now()}${crypto.randomBytes(3).toString('hex')}`;
  const email = opts.email === undefined ? `${flowNo.toLowerCase()}@supplier.example.com` : opts.email;
  const pm = await db.selectFrom('staff').select(['job_number', 'name']).where('job_number', '=', 'E10002').executeTakeFirstOrThrow();
  const holders = (await initialFlowRoles(db, { purchaseManager: { jobNumber: pm.job_number, name: pm.name }, cmtLeaderJobNumber: 'E10010' })).filter(
    (h) => opts.roles?.[h.role] !== null,
  );
  for (const [role, jobNumber] of Object.entries(opts.roles ?? {})) {
    if (!jobNumber) continue;
    const person = await db.selectFrom('staff').select(['job_number', 'name']).where('job_number', '=', jobNumber).executeTakeFirstOrThrow();
    const held = holders.find((h) => h.role === role);
    if (held) Object.assign(held, { jobNumber: person.job_number, name: person.name });
    else holders.push({ role: role as FlowResponsibility, jobNumber: person.job_number, name: person.name });
  }
  await db.transaction().execute((trx) =>
    insertFlow(
      trx,
      {
        flow_no: flowNo,
        apply_type: opts.applyType ?? 1,
        supplier_no: null,
        supplier_code: null,
        supplier_name: opts.supplierName ?? '苏州精密冲压有限公司',
        category_list: JSON.stringify([{ code: '101001', name: '白车身冲压件' }]),
        cmt_code: 'CMT_BODY',
        ...(opts.scenarioVersion ? { cert_scenario: 'NEW_SUPPLIER', scenario_version: opts.scenarioVersion } : { cert_scenario: 'S1' }),
        apply_reason: '新车型白车身冲压件定点需要',
        recommend_job: pm.job_number,
        recommend_name: pm.name,
        contact_name: '张伟',
        contact_email: email,
        contact_area_code: '+86',
        contact_number: '13800138000',
        certified_region: null,
        credit_code: opts.creditCode ?? null,
        purchase_job_number: holders.find((h) => h.role === 'PURCHASE_MANAGER')!.jobNumber,
        cmt_leader_job_number: holders.find((h) => h.role === 'CMT_LEADER')?.jobNumber ?? 'E10010',
        created_by: 'test',
      },
      opts.plan ?? STANDARD_PLANS.NEW_SUPPLIER,
      holders,
      new Date(),
    ),
  );
  return { flowNo, email: email ?? '', roles: Object.fromEntries(holders.map((h) => [h.role, h.jobNumber])) };
}

/**
 * A flow recorded as the workflow leaves it when `nodeCode` has just opened: applied for, earlier
 * nodes finished, the node opened by the real `openNode` activity (its principal task, mail and
 * node data), no workflow behind it. For API suites of the node screens; pair it with
 * `recordingFlows()` to see the completions the API asks for.
 */
export async function insertFlowAtNode(db: Db, nodeCode: NodeCode, opts: FlowOptions = {}): Promise<FlowAtNode> {
  const plan = opts.plan ?? STANDARD_PLANS.NEW_SUPPLIER;
  const at = plan.findIndex((n) => n.nodeCode === nodeCode);
  if (at < 0) throw new Error(`${nodeCode} is not in the plan`);
  const flow = await insertAppliedFlow(db, { ...opts, plan });
  const now = new Date();
  await db
    .updateTable('cert_flow_node')
    .set({ status: NODE_STATUS.FINISHED, started_at: now, finished_at: now })
    .where('flow_no', '=', flow.flowNo)
    .where('seq', '<', at)
    .execute();
  const acts = createCertFlowActivities({ db, mailer: createOutboxMailer(db), erp: testErp(), publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
  await acts.openNode({ flowNo: flow.flowNo, nodeCode });
  return flow;
}

/** A new version of the seeded NEW_SUPPLIER scenario using the given industry standards (req flow §10, §11); answers its number. */
export async function scenarioVersionWithStandards(db: Db, standards: { vda63?: { elements: string[] } | null; ppap?: { level: number } | null }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const s = await trx.selectFrom('scenario').selectAll().where('code', '=', 'NEW_SUPPLIER').forUpdate().executeTakeFirstOrThrow();
    const latest = await trx.selectFrom('scenario_version').select('version').where('scenario_code', '=', 'NEW_SUPPLIER').orderBy('version', 'desc').limit(1).executeTakeFirst();
    const version = (latest?.version ?? 0) + 1;
    await trx
      .insertInto('scenario_version')
      .values({
        scenario_code: 'NEW_SUPPLIER',
        version,
        name_zh: s.name_zh,
        name_en: s.name_en,
        scenario_type: s.scenario_type,
        node_plan: JSON.stringify(s.node_plan),
        publicity_seconds: s.publicity_seconds,
        dimensions: JSON.stringify(s.dimensions),
        standards: JSON.stringify({ vda63: standards.vda63 ?? null, ppap: standards.ppap ?? null }),
        created_by: 'test',
      })
      .execute();
    return version;
  });
}

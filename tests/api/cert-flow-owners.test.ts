import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '#domain/permissions.ts';
import { applyForRegistration } from '#services/cert-flow/apply.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { type staffWith, validRegisterApply } from '../support/fixtures.ts';
import { staffSession, staffWithout } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';

/** Terminate and adjust owner over HTTP; the workflow's own refusals are tested in tests/workflow. */
describe('flow row actions: terminate, adjust owner, role detail', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let managerSession: Caller;
  let manager: Awaited<ReturnType<typeof staffWith>>;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    // A purchasing manager without cert_process_manage_all (the administrator may change anything).
    const pm = await app.deps.db.selectFrom('staff').select(['id', 'job_number', 'name', 'username']).where('username', '=', 'pm.wang').executeTakeFirstOrThrow();
    manager = { id: pm.id, jobNumber: pm.job_number, name: pm.name, username: pm.username };
    managerSession = await staffSession(app.deps.db, manager.jobNumber);
  });
  afterAll(() => app.close());

  async function newFlow() {
    const input = await validRegisterApply(app.deps.db);
    return (await applyForRegistration(app.deps, input, manager, 'zh')).flowNo;
  }
  const post = (path: string, body: unknown, caller: Caller | null = managerSession, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale).post(path, body);
  const roleDetail = async (flowNo: string) => (await client(app).as(managerSession).get('/v1/register/role/detail', { flowNo })).body;

  it('terminate: asks the workflow at RFI and answers 认证已终止; refuses past APTITUDE without asking', async () => {
    const flowNo = await newFlow();
    const res = await post('/v1/register/termination', { flowNo });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('认证已终止');
    expect(engine.callsOf(flowNo).terminate).toHaveLength(1);

    await app.deps.db.updateTable('cert_flow').set({ current_node_code: 'KCP1' }).where('flow_no', '=', flowNo).execute();
        const refused = await post('/v1/register/termination', { flowNo }, managerSession, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The flow cannot be terminated at this stage');
    expect(engine.callsOf(flowNo).terminate).toHaveLength(1);
  });

  it('terminate needs the termination permission', async () => {
    const flowNo = await newFlow();
    const other = await staffSession(app.deps.db, await staffWithout(app.deps.db, PERMISSIONS.certTermination));
    expect((await post('/v1/register/termination', { flowNo }, other)).status).toBe(403);
    expect((await post('/v1/register/termination', { flowNo }, null)).status).toBe(401);
    expect((await post('/v1/register/termination', { flowNo: 'CF-NOPE' })).status).toBe(404);
  });

  it("terminate: another purchasing manager with the key may not end this manager's flow; an administrator may", async () => {
    const flowNo = await newFlow();
    const otherPm = await app.deps.db.selectFrom('staff').select('job_number').where('job_number', '!=', manager.jobNumber).where('username', 'like', 'pm.%').executeTakeFirstOrThrow();
    const refused = await post('/v1/register/termination', { flowNo }, await staffSession(app.deps.db, otherPm.job_number), 'en');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only this flow's purchasing manager can terminate it");
    expect(engine.callsOf(flowNo).terminate ?? []).toHaveLength(0);

    const admin = await app.deps.db.selectFrom('staff').select('job_number').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect((await post('/v1/register/termination', { flowNo }, await staffSession(app.deps.db, admin.job_number))).status).toBe(200);
    expect(engine.callsOf(flowNo).terminate).toHaveLength(1);
  });

  it('adjust owner: the current purchasing manager hands over; names come from the staff table', async () => {
    const flowNo = await newFlow();
    const other = await app.deps.db.selectFrom('staff').select(['job_number', 'name']).where('job_number', '!=', manager.jobNumber).where('username', 'like', 'pm.%').executeTakeFirstOrThrow();
    const roles = await roleDetail(flowNo);
    const leader = roles.data.find((r: { role: string }) => r.role === 'CMT_LEADER');
    expect(roles.data.find((r: { role: string }) => r.role === 'PURCHASE_MANAGER')).toMatchObject({ jobNumber: manager.jobNumber, editable: true });

    const res = await post('/v1/register/adjust', { flowNo, purchaseJobNumber: other.job_number, purchaseName: 'forged name', cmtLeader: leader.jobNumber, cmtLeaderName: leader.name });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('调整成功');
    const [[, assignments]] = engine.callsOf(flowNo).reassign;
    expect(assignments).toEqual([{ role: 'PURCHASE_MANAGER', jobNumber: other.job_number, name: other.name }]);
  });

  it('adjust owner: someone else\'s responsibility is refused (403), an unknown person names the field (400)', async () => {
    const flowNo = await newFlow();
    const roles = (await roleDetail(flowNo)).data;
    const leader = roles.find((r: { role: string }) => r.role === 'CMT_LEADER');
    // A reviewer who sees the list may not hand over the purchasing manager's role (protected, req flow §5.13).
    const reviewer = await app.deps.db.selectFrom('staff').select('job_number').where('username', '=', 'quality.zhang').executeTakeFirstOrThrow();
    const reviewerSession = await staffSession(app.deps.db, reviewer.job_number);
    const refused = await post('/v1/register/adjust', { flowNo, purchaseJobNumber: reviewer.job_number, purchaseName: 'x', cmtLeader: leader.jobNumber, cmtLeaderName: leader.name }, reviewerSession);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('无权调整该负责人');

    const unknown = await post('/v1/register/adjust', { flowNo, purchaseJobNumber: 'E99999', purchaseName: 'Nobody', cmtLeader: leader.jobNumber, cmtLeaderName: leader.name });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['purchaseJobNumber']);

    await app.deps.db.updateTable('cert_flow').set({ stage: 90 }).where('flow_no', '=', flowNo).execute();
    const ended = await post('/v1/register/adjust', { flowNo, purchaseJobNumber: manager.jobNumber, purchaseName: manager.name, cmtLeader: leader.jobNumber, cmtLeaderName: leader.name });
    expect(ended.status).toBe(409);
  });
});

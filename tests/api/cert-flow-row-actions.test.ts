import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';

/**
 * The flow list's row actions (req flow §2.1, §4.1, §5.13): computed per row and caller, each refusal with the
 * reason the write itself answers; and who opens a flow still in stage 10 (docs/decisions/).
 */
describe('flow list row actions', () => {
  let app: TestApp;
  const callers: Record<string, Caller> = {};
  const marker = `行动作${Date.now()}`;
  let aptitude: string; // stage 10, purchasing manager E10002, CMT leader E10010
  let kcp2: string; // past stage 10
  let terminated: string; // stage 0, no pass time

  beforeAll(async () => {
    app = await startTestApp();
    const db = app.deps.db;
    // pm E10002 owns the flows; otherPm E10003 holds the termination key but no flow; biz E10022 is the
    // flows' business reviewer; expert E10030 holds nothing of them; admin E10001 holds cert_process_manage_all.
    for (const [name, job] of Object.entries({ pm: 'E10002', otherPm: 'E10003', leader: 'E10010', biz: 'E10022', expert: 'E10030', admin: 'E10001' })) {
      callers[name] = await staffSession(db, job);
    }
    aptitude = (await insertFlowAtNode(db, 'APTITUDE', { supplierName: `${marker}甲` })).flowNo;
    kcp2 = (await insertFlowAtNode(db, 'KCP2', { supplierName: `${marker}乙` })).flowNo;
    terminated = (await insertFlowAtNode(db, 'APTITUDE', { supplierName: `${marker}丙` })).flowNo;
    await db.updateTable('cert_flow').set({ stage: 0 }).where('flow_no', '=', terminated).execute();
  });
  afterAll(() => app.close());

  const actionsOf = async (caller: string, flowNo: string, locale: 'zh' | 'en' = 'zh') => {
    const res = await client(app).as(callers[caller]).locale(locale).post('/v1/cert-flow-node/flow-list', { supplierName: marker });
    expect(res.status).toBe(200);
    return res.body.data.records.find((r: { flowNo: string }) => r.flowNo === flowNo).actions;
  };
  const allowed = { allowed: true };
  const refused = (reason: string) => ({ allowed: false, reason });

  it("the flow's purchasing manager may do everything at APTITUDE; past it, terminate is refused with the stage reason", async () => {
    expect(await actionsOf('pm', aptitude)).toEqual({ openDetail: allowed, terminate: allowed, adjustOwner: allowed, operationLog: allowed });
    expect((await actionsOf('pm', kcp2)).terminate).toEqual(refused('cannotTerminateHere'));
    const res = await client(app).as(callers.pm).post('/v1/register/termination', { flowNo: kcp2 });
    expect([res.status, res.body.message]).toEqual([409, '流程当前阶段不能终止']);
  });

  it('another purchasing manager sees terminate and adjust owner refused, as the writes refuse them', async () => {
    const a = await actionsOf('otherPm', aptitude);
    expect(a).toMatchObject({ terminate: refused('notFlowPurchaseManager'), adjustOwner: refused('notYourResponsibility'), operationLog: allowed });
    const term = await client(app).as(callers.otherPm).post('/v1/register/termination', { flowNo: aptitude });
    expect([term.status, term.body.message]).toEqual([403, '只有该流程的采购经理可以终止认证']);
    const adjust = await client(app)
      .as(callers.otherPm)
      .post('/v1/register/adjust', { flowNo: aptitude, purchaseJobNumber: 'E10003', purchaseName: '周婷', cmtLeader: 'E10010', cmtLeaderName: '李强' });
    expect([adjust.status, adjust.body.message]).toEqual([403, '无权调整该负责人']);
  });

  it('an expert and a business reviewer see adjust owner refused, and terminate refused for want of the key', async () => {
    expect(await actionsOf('expert', aptitude)).toMatchObject({ adjustOwner: refused('notYourResponsibility'), terminate: refused('noTerminationKey') });
    expect(await actionsOf('biz', aptitude)).toMatchObject({ adjustOwner: refused('notYourResponsibility'), terminate: refused('noTerminationKey') });
    const adjust = await client(app)
      .as(callers.biz)
      .post('/v1/register/adjust', { flowNo: aptitude, purchaseJobNumber: 'E10003', purchaseName: '周婷', cmtLeader: 'E10010', cmtLeaderName: '李强' });
    expect(adjust.status).toBe(403);
  });

  it('the CMT leader may adjust owner (his own responsibility) but not terminate', async () => {
    expect(await actionsOf('leader', aptitude)).toMatchObject({ adjustOwner: allowed, terminate: refused('noTerminationKey'), openDetail: allowed });
  });

  it('an administrator may do everything at APTITUDE; an ended flow refuses adjust owner and the detail', async () => {
    expect(await actionsOf('admin', aptitude)).toEqual({ openDetail: allowed, terminate: allowed, adjustOwner: allowed, operationLog: allowed });
    expect(await actionsOf('admin', terminated)).toMatchObject({ openDetail: refused('flowNotOpen'), adjustOwner: refused('flowEnded'), terminate: refused('cannotTerminateHere') });
  });

  describe('who opens a flow in stage 10', () => {
    const detail = (caller: string, flowNo: string, locale: 'zh' | 'en' = 'zh') =>
      client(app).as(callers[caller]).locale(locale).get(`/v1/cert-flow-node/detail?flowNo=${flowNo}`);

    it('its role holders (purchasing manager, CMT leader, reviewers) and administrators', async () => {
      for (const who of ['pm', 'leader', 'biz', 'admin']) {
        expect([who, (await actionsOf(who, aptitude)).openDetail]).toEqual([who, allowed]);
        expect([who, (await detail(who, aptitude)).status]).toEqual([who, 200]);
      }
    });

    it("not others: the list shows the requirements’ warning and the read answers it, in the caller's language", async () => {
      expect((await actionsOf('otherPm', aptitude)).openDetail).toEqual(refused('flowNotOpen'));
      const zh = await detail('otherPm', aptitude);
      expect([zh.status, zh.body.message]).toEqual([403, '该流程未开启，无法进入详情']);
      expect((await detail('expert', aptitude, 'en')).body.message).toBe('This flow has not started; its detail cannot be opened');
      // Past stage 10 the progress page is open to everyone with its key.
      expect((await actionsOf('otherPm', kcp2)).openDetail).toEqual(allowed);
      expect((await detail('otherPm', kcp2)).status).toBe(200);
    });

    it('a task principal of the flow, such as an expert given a task', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1', { supplierName: `${marker}丁` });
      expect((await actionsOf('expert', flowNo)).openDetail).toEqual(refused('flowNotOpen'));
      await ensureTask(app.deps.db, { flowNo, nodeCode: 'KCP1', taskType: 'NODE_PRINCIPAL', taskName: 'KCP1', principalJobNumber: 'E10030', taskNo: `${flowNo}-KCP1-EXPERT` });
      expect((await actionsOf('expert', flowNo)).openDetail).toEqual(allowed);
      expect((await detail('expert', flowNo)).status).toBe(200);
    });
  });
});

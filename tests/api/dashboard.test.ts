import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { addWorkingDays } from '#domain/calendar/working-days.ts';
import { wireDay } from '#domain/date-time.ts';
import { FLOW_EXPORT_MAX_ROWS } from '#domain/cert-flow/flow-list.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { loadCalendar } from '#services/calendar/working-calendar.ts';
import { markFlowEnded } from '#services/cert-flow/projection.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The operations dashboard (docs/decisions/0057-operations-dashboard.md) over HTTP: who sees which flows (an administrator
 * every one, a CMT leader those they lead, a purchasing manager their own), running flows by node, overdue nodes with
 * working days late, node times off the database's monthly tallies (median and 90th percentile), flows per month, the
 * filters' rules; and the flow list's export with its filters.
 */
let app: TestApp;
let db: Db;
let api: HttpClient;
const who = {} as Record<'admin' | 'wang' | 'zhou' | 'li' | 'liu' | 'reviewer', Caller>;
const DAY = 86_400_000;
const flows = {} as Record<'a' | 'b' | 'c' | 'd', string>;

beforeAll(async () => {
  app = await startTestApp();
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { admin: 'E10001', wang: 'E10002', zhou: 'E10003', li: 'E10010', liu: 'E10011', reviewer: 'E10020' }));
  // 王磊 (led by 李强): a and b at APTITUDE, d finished there after ten days; 周婷 (led by 刘洋): c at APTITUDE.
  flows.a = (await insertFlowAtNode(db, 'APTITUDE', { supplierName: '看板甲精密有限公司' })).flowNo;
  flows.b = (await insertFlowAtNode(db, 'APTITUDE', { supplierName: '看板乙精密有限公司' })).flowNo;
  flows.c = (await insertFlowAtNode(db, 'APTITUDE', { supplierName: '看板丙精密有限公司', roles: { PURCHASE_MANAGER: 'E10003', CMT_LEADER: 'E10011' } })).flowNo;
  flows.d = (await insertFlowAtNode(db, 'APTITUDE', { supplierName: '看板丁精密有限公司' })).flowNo;
});
afterAll(() => app.close());

const view = async (caller: Caller, query = '') => {
  const res = await api.as(caller).get(`/api/v1/dashboard${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const openAt = (data: { openByNode: Array<{ nodeCode: string; count: number }> }, node: string) => data.openByNode.find((r) => r.nodeCode === node)?.count ?? 0;
/** Finishes a flow's open node as if opened `days` ago and completed now: the database tallies the completion. */
async function finishNode(flowNo: string, nodeCode: string, days: number) {
  const now = Date.now();
  await db.updateTable('cert_flow_node').set({ started_at: new Date(now - days * DAY - 60_000) }).where('flow_no', '=', flowNo).where('node_code', '=', nodeCode).execute();
  await db.updateTable('cert_flow_node').set({ status: 20, finished_at: new Date(now) }).where('flow_no', '=', flowNo).where('node_code', '=', nodeCode).execute();
}

describe('who sees which flows', () => {
  it('an administrator every flow, a CMT leader the flows they lead, a purchasing manager their own; reviewers not at all', async () => {
    expect((await view(who.admin)).scope).toEqual({ kind: 'all' });
    expect((await view(who.li)).scope).toEqual({ kind: 'cmtLeader', jobNumber: 'E10010' });
    expect((await view(who.wang)).scope).toEqual({ kind: 'purchaseManager', jobNumber: 'E10002' });
    expect(openAt(await view(who.admin), 'APTITUDE')).toBe(4);
    expect(openAt(await view(who.wang), 'APTITUDE')).toBe(3);
    expect(openAt(await view(who.li), 'APTITUDE')).toBe(3);
    expect(openAt(await view(who.zhou), 'APTITUDE')).toBe(1);
    expect(openAt(await view(who.liu), 'APTITUDE')).toBe(1);
    expect((await api.as(who.reviewer).get('/api/v1/dashboard')).status).toBe(403);
    expect((await api.get('/api/v1/dashboard')).status).toBe(401);
  });

  it('the filters narrow every figure; a category no flow has counts nothing', async () => {
    expect(openAt(await view(who.admin, '?cmtCode=CMT_BODY&certScenario=S1&categoryCode=101001'), 'APTITUDE')).toBe(4);
    expect(openAt(await view(who.admin, '?categoryCode=101002'), 'APTITUDE')).toBe(0);
    expect(openAt(await view(who.admin, '?cmtCode=CMT_CHASSIS'), 'APTITUDE')).toBe(0);
  });

  it("refuses a period that is no month, ends before it starts or spans more than 36 months, naming the field", async () => {
    const errors = async (query: string) => (await api.as(who.admin).get(`/api/v1/dashboard${query}`)).body.errors;
    expect(await errors('?from=2026-13')).toEqual({ from: '请选择正确的月份（yyyy-MM）' });
    expect(await errors('?from=2026-06&to=2026-01')).toEqual({ to: '结束月份不能早于开始月份' });
    expect(await errors('?from=2023-01&to=2026-01')).toEqual({ from: '统计期间最长36个月' });
  });
});

describe('overdue nodes', () => {
  it('lists open nodes past their limit, most overdue first, with working days late, in the scope only', async () => {
    const calendar = await loadCalendar(db);
    const threeLate = addWorkingDays(new Date(), -3, calendar);
    const oneLate = addWorkingDays(new Date(), -1, calendar);
    await db.updateTable('cert_flow').set({ current_due_at: oneLate }).where('flow_no', '=', flows.a).execute();
    await db.updateTable('cert_flow').set({ current_due_at: threeLate }).where('flow_no', '=', flows.b).execute();
    const mine = (await view(who.wang)).overdue;
    expect(mine.total).toBe(2);
    expect(mine.more).toBe(false);
    expect(mine.rows.map((r: { flowNo: string; overdueDays: number; nodeCode: string; purchaseName: string }) => [r.flowNo, r.overdueDays, r.nodeCode, r.purchaseName])).toEqual([
      [flows.b, 3, 'APTITUDE', '王磊'],
      [flows.a, 1, 'APTITUDE', '王磊'],
    ]);
    expect((await view(who.zhou)).overdue).toEqual({ total: 0, more: false, rows: [] });
  });

  it('the flow list filtered to late flows lists them most overdue first, not newest first', async () => {
    const list = async () => (await api.as(who.wang).post('/v1/cert-flow-node/flow-list', { timeLimit: 'overdue', supplierName: '看板' })).body.data.records.map((r: { flowNo: string }) => r.flowNo);
    // b (newer) is three working days late, a one: b first either way.
    expect(await list()).toEqual([flows.b, flows.a]);
    const calendar = await loadCalendar(db);
    await db.updateTable('cert_flow').set({ current_due_at: addWorkingDays(new Date(), -5, calendar) }).where('flow_no', '=', flows.a).execute();
    expect(await list()).toEqual([flows.a, flows.b]);
  });
});

describe('the period: node times and flows per month', () => {
  it('reads the median and 90th percentile of whole days per node; admissions and terminations land in their month; the tallies equal a recount', async () => {
    await finishNode(flows.d, 'APTITUDE', 10);
    await finishNode(flows.a, 'APTITUDE', 2);
    const times = (await view(who.wang)).nodeTimes.find((t: { nodeCode: string }) => t.nodeCode === 'APTITUDE');
    expect(times).toEqual({ nodeCode: 'APTITUDE', nodeName: '资质匹配', completions: 2, medianDays: 2, p90Days: 10 });
    // 周婷's flows finished nothing at APTITUDE.
    expect((await view(who.zhou)).nodeTimes.find((t: { nodeCode: string }) => t.nodeCode === 'APTITUDE')).toBeUndefined();

    await markFlowEnded(db, { flowNo: flows.a, stage: STAGE.FINISHED });
    await markFlowEnded(db, { flowNo: flows.d, stage: STAGE.TERMINATED });
    const month = wireDay(new Date()).slice(0, 7);
    const before = await view(who.admin);
    const thisMonth = before.monthly.find((m: { month: string }) => m.month === month);
    expect(thisMonth).toEqual({ month, admitted: 1, terminated: 1, exited: 0 });
    expect(before.monthly).toHaveLength(6);
    expect(before.period.to).toBe(month);
    // The admitted flow is no longer running.
    expect(openAt(before, 'APTITUDE')).toBe(2);

    // What the triggers kept is what the tables hold, counted again.
    await sql`select flow_tally_rebuild(), flow_open_tally_rebuild()`.execute(db);
    const after = await view(who.admin);
    expect(after.nodeTimes).toEqual(before.nodeTimes);
    expect(after.monthly).toEqual(before.monthly);
    expect(after.openByNode).toEqual(before.openByNode);

    // A flow moving on leaves its node's count for the next one's, in every scope that sees it.
    await db.updateTable('cert_flow').set({ current_node_code: 'KCP1' }).where('flow_no', '=', flows.b).execute();
    expect([openAt(await view(who.wang), 'APTITUDE'), openAt(await view(who.wang), 'KCP1')]).toEqual([0, 1]);
    expect([openAt(await view(who.admin), 'APTITUDE'), openAt(await view(who.admin), 'KCP1')]).toEqual([1, 1]);
    expect(openAt(await view(who.zhou), 'KCP1')).toBe(0);
  });
});

describe('the flow list export', () => {
  it('writes the flows its filters match, every column as the list shows it, in the caller’s language', async () => {
    const res = await api.as(who.wang).post('/api/v1/flows/export', { supplierName: '看板', timeLimit: 'overdue' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['流程编号', '供应商名称', 'CMT', '小类', '认证场景', '当前阶段', '采购经理', 'CMT Leader', '申请创建时间', '申请通过时间']);
    // a was admitted (no longer late); b is the one overdue flow of the filter.
    expect(rows.slice(1).map((r) => [r[0], r[1], r[5], r[6]])).toEqual([[flows.b, '看板乙精密有限公司', expect.stringMatching(/已超时/), '王磊']]);
  });

  it(`refuses more than ${FLOW_EXPORT_MAX_ROWS} rows, naming the limit, and a filter that breaks the list's rules`, async () => {
    await sql`
      insert into cert_flow (flow_no, apply_type, supplier_name, category_list, cmt_code, cert_scenario, apply_reason, recommend_job,
        recommend_name, contact_name, contact_area_code, contact_number, node_plan, stage, current_node_code, purchase_job_number,
        cmt_leader_job_number, workflow_id, created_by)
      select 'EXP' || i, 1, '导出上限测试' || i, '[]'::jsonb, 'CMT_BODY', 'S1', 'test', 'E10002', '王磊', '张伟', '+86', '13800138000', '[]'::jsonb,
        10, 'RFI', 'E10002', 'E10010', 'wf-EXP' || i, 'test'
      from generate_series(1, ${FLOW_EXPORT_MAX_ROWS + 1}) as i`.execute(db);
    const res = await api.as(who.wang).post('/api/v1/flows/export', { supplierName: '导出上限测试' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`匹配的流程超过${FLOW_EXPORT_MAX_ROWS}条，请缩小筛选范围后再导出`);
    const bad = await api.as(who.wang).post('/api/v1/flows/export', { timeLimit: 'late' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['timeLimit']);
  });
});

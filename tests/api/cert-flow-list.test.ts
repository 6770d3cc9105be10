import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';

/** The flow management list (req flow §2.1): every query field narrows the rows; paging 20/50/100. */
describe('POST /v1/cert-flow-node/flow-list', () => {
  let app: TestApp;
  let pm: Caller;
  // Three flows with one shared marker in their supplier names, so other suites' rows never interfere.
  const marker = `列表${Date.now()}`;
  let a: string;
  let b: string;
  let c: string;

  beforeAll(async () => {
    app = await startTestApp();
    const db = app.deps.db;
    pm = await staffSession(db, 'E10001');
    a = (await insertFlowAtNode(db, 'SELF_INSPECTION', { supplierName: `${marker}甲精密` })).flowNo;
    b = (await insertFlowAtNode(db, 'KCP2', { supplierName: `${marker}乙电子`, roles: { PURCHASE_MANAGER: 'E10003' } })).flowNo;
    c = (await insertFlowAtNode(db, 'APTITUDE', { supplierName: `${marker}丙底盘` })).flowNo;
    await db
      .updateTable('cert_flow')
      .set({ cmt_code: 'CMT_CHASSIS', cmt_leader_job_number: 'E10011', cert_scenario: 'TRADING_COMPANY', category_list: JSON.stringify([{ code: '201001', name: '减振器' }]) })
      .where('flow_no', '=', c)
      .execute();
    await db.updateTable('cert_flow').set({ cert_scenario: 'NEW_SUPPLIER', supplier_code: 'S900001' }).where('flow_no', 'in', [a, b]).execute();
  });
  afterAll(() => app.close());

  const list = (query: Record<string, unknown>, locale: 'zh' | 'en' = 'zh', caller: Caller | null = pm) =>
    client(app).as(caller).locale(locale).post('/v1/cert-flow-node/flow-list', { supplierName: marker, ...query });
  const flowNos = async (query: Record<string, unknown>) => ((await list(query)).body.data.records as { flowNo: string }[]).map((r) => r.flowNo).sort();

  it('answers the row model of req flow §2.1 with labels in the caller language, newest first', async () => {
    const { status, body } = await list({}, 'en');
    expect(status).toBe(200);
    expect(body.data.total).toBe(3);
    const row = body.data.records.find((r: { flowNo: string }) => r.flowNo === c);
    expect(row).toMatchObject({
      supplierName: `${marker}丙底盘`,
      cmtName: 'Chassis CMT',
      categoryNames: 'Shock absorbers',
      certScenario: 'TRADING_COMPANY',
      certScenarioStr: 'Trading company certification',
      stage: 10,
      stageStr: 'Certification preparation',
      purchaseJobNumber: 'E10002',
      purchaseName: '王磊',
      cmtLeader: 'E10011',
      cmtLeaderName: '刘洋',
      passTime: null,
      currentNodeCode: 'APTITUDE',
    });
    expect(Object.keys(row).sort()).toEqual(
      ['actions', 'bpmUrl', 'categoryNames', 'certScenario', 'certScenarioStr', 'cmtLeader', 'cmtLeaderName', 'cmtName', 'currentNodeCode', 'flowNo', 'overdue', 'passTime', 'purchaseJobNumber', 'purchaseName', 'requalification', 'stage', 'stageStr', 'startTime', 'supplierCode', 'supplierName'].sort(),
    );
    expect(body.data.records.find((r: { flowNo: string }) => r.flowNo === a).supplierCode).toBe('S900001');
    // In Chinese the names stored with the application.
    expect((await list({})).body.data.records.find((r: { flowNo: string }) => r.flowNo === c).categoryNames).toBe('减振器');
  });

  it('filters by each query field', async () => {
    expect(await flowNos({ flowNo: a })).toEqual([a]);
    expect(await flowNos({ supplierName: `${marker}乙` })).toEqual([b]);
    expect(await flowNos({ cmtName: '底盘' })).toEqual([c]);
    // Small-category names, in either language.
    expect(await flowNos({ categoryNames: '减振' })).toEqual([c]);
    expect(await flowNos({ categoryNames: 'shock' })).toEqual([c]);
    expect(await flowNos({ purchaseJobNumber: 'E10003' })).toEqual([b]);
    expect(await flowNos({ cmtLeader: 'E10011' })).toEqual([c]);
    expect(await flowNos({ certScenario: 'NEW_SUPPLIER' })).toEqual([a, b].sort());
    expect(await flowNos({ stage: 20 })).toEqual([a]);
    expect(await flowNos({ stage: 30 })).toEqual([b]);
    expect(await flowNos({ stage: 30, purchaseJobNumber: 'E10002' })).toEqual([]);
  });

  it('finds a two-character supplier name term anywhere in the name, Latin letters in either case', async () => {
    // Two characters have no trigram: these go through the names' two-character pieces.
    expect(await flowNos({ supplierName: '乙电' })).toEqual([b]);
    expect(await flowNos({ supplierName: '底盘' })).toContain(c);
    expect(await flowNos({ supplierName: '底盘' })).not.toContain(a);
    const d = (await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION', { supplierName: `苏州Kq${Date.now()}精工` })).flowNo;
    expect(await flowNos({ supplierName: 'kQ' })).toEqual([d]);
    expect(await flowNos({ supplierName: 'Q1' })).toEqual([d]);
  });

  it('finds two Chinese characters newest first, following a renamed supplier and a moved start time', async () => {
    // Two characters of this run only (the database is shared with other suites), filed by the name's trigger.
    const han = (n: number) => String.fromCodePoint(0x4e00 + (n % 20000));
    const stamp = Date.now();
    const [p1, p2] = [han(stamp) + han(stamp + 7), han(stamp + 3) + han(stamp + 11)];
    const db = app.deps.db;
    const older = (await insertFlowAtNode(db, 'SELF_INSPECTION', { supplierName: `宁波${p1}精密` })).flowNo;
    const newer = (await insertFlowAtNode(db, 'SELF_INSPECTION', { supplierName: `${p1}汽配` })).flowNo;
    await db.updateTable('cert_flow').set({ start_time: new Date(Date.now() - 86_400_000) }).where('flow_no', '=', older).execute();
    const page = async (supplierName: string) => {
      const { body } = await list({ supplierName });
      return { total: body.data.total, flowNos: (body.data.records as { flowNo: string }[]).map((r) => r.flowNo) };
    };
    expect(await page(p1)).toEqual({ total: 2, flowNos: [newer, older] });
    await db.updateTable('cert_flow').set({ start_time: new Date() }).where('flow_no', '=', older).execute();
    expect(await page(p1)).toEqual({ total: 2, flowNos: [older, newer] });
    await db.updateTable('cert_flow').set({ supplier_name: `${p2}汽配` }).where('flow_no', '=', newer).execute();
    expect(await page(p1)).toEqual({ total: 1, flowNos: [older] });
    expect(await page(p2)).toEqual({ total: 1, flowNos: [newer] });
    // The same flows as the search by a longer term that contains the piece.
    expect((await page(`波${p1}`)).flowNos).toEqual([older]);
  });

  it('lists a flow in two of the small categories asked once, newest first, alone or with other filters', async () => {
    const twoStampings = [
      { code: '101001', name: '白车身冲压件' },
      { code: '101002', name: '车门冲压件' },
    ];
    await app.deps.db.updateTable('cert_flow').set({ category_list: JSON.stringify(twoStampings) }).where('flow_no', '=', a).execute();
    const withName = await list({ categoryNames: '冲压' });
    expect(withName.body.data.total).toBe(2);
    expect((withName.body.data.records as { flowNo: string }[]).map((r) => r.flowNo).sort()).toEqual([a, b].sort());
    const alone = (await list({ supplierName: undefined, categoryNames: '冲压', pageSize: 100 })).body.data.records as { flowNo: string; startTime: string }[];
    expect(alone.filter((r) => r.flowNo === a)).toHaveLength(1);
    expect(alone.map((r) => r.flowNo)).toContain(b);
    expect(alone.map((r) => r.flowNo)).not.toContain(c);
    const times = alone.map((r) => r.startTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('combines a category with the other filters, following a flow whose stage or categories change', async () => {
    // c is in 减振器 (201001), at stage 10 and in the chassis CMT.
    expect(await flowNos({ categoryNames: '减振', stage: 10, cmtLeader: 'E10011', certScenario: 'TRADING_COMPANY' })).toEqual([c]);
    expect(await flowNos({ categoryNames: '减振', cmtName: '底盘', supplierName: `${marker}丙` })).toEqual([c]);
    expect(await flowNos({ categoryNames: '减振', supplierName: `${marker}甲` })).toEqual([]);
    await app.deps.db.updateTable('cert_flow').set({ stage: 20 }).where('flow_no', '=', c).execute();
    expect(await flowNos({ categoryNames: '减振', stage: 10 })).toEqual([]);
    expect(await flowNos({ categoryNames: '减振', stage: 20 })).toEqual([c]);
    await app.deps.db.updateTable('cert_flow').set({ stage: 10, category_list: JSON.stringify([{ code: '201002', name: '螺旋弹簧' }]) }).where('flow_no', '=', c).execute();
    expect(await flowNos({ categoryNames: '减振' })).toEqual([]);
    await app.deps.db.updateTable('cert_flow').set({ category_list: JSON.stringify([{ code: '201001', name: '减振器' }]) }).where('flow_no', '=', c).execute();
    expect(await flowNos({ categoryNames: '减振' })).toEqual([c]);
  });

  it('finds flows of every CMT a name matches, and flow numbers by any piece, newest first', async () => {
    // "CMT" is in every CMT's name: the flows of several CMTs, in page order.
    const all = (await list({ cmtName: 'CMT' })).body.data.records as { flowNo: string; startTime: string }[];
    expect(all.map((r) => r.flowNo).sort()).toEqual([a, b, c].sort());
    const times = all.map((r) => `${r.startTime} ${r.flowNo}`);
    expect(times).toEqual([...times].sort().reverse());
    expect(await flowNos({ flowNo: b.slice(-6) })).toEqual([b]);
    expect(await flowNos({ flowNo: b.slice(0, 2).toLowerCase() })).toEqual([a, b, c].sort());
  });

  it('treats % and _ in a text filter as plain characters', async () => {
    expect(await flowNos({ supplierName: '%' })).toEqual([]);
  });

  it('pages with currentPage and pageSize 20, 50 or 100 only', async () => {
    const second = await list({ currentPage: 2, pageSize: 20 });
    expect(second.body.data).toMatchObject({ total: 3, records: [] });
    const bad = await list({ pageSize: 30 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('pageSize');
  });

  it('needs a staff session with the list route key', async () => {
    expect((await list({}, 'zh', null)).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { addWorkingDays, isWorkingDay, workingDaysBetween, WEEKENDS_ONLY } from '#domain/calendar/working-days.ts';
import { wireDay } from '#domain/date-time.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { markFlowEnded } from '#services/cert-flow/projection.ts';
import { loadCalendar } from '#services/calendar/working-calendar.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { PURCHASER } from '../support/rfi-questionnaire.ts';
import { staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Node time limits (docs/decisions/0056-node-time-limits.md) over HTTP: the working calendar kept by the configuration
 * permission with its rules, a node's due time counted over weekends and the listed holidays, and the progress page's
 * time against the limit. Escalation once overdue runs on the engine: tests/workflow/node-due-reminders.test.ts.
 */
let app: TestApp;
let db: Db;
let api: HttpClient;
const who = {} as Record<'pm' | 'admin', Caller>;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await startTestApp();
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { pm: PURCHASER, admin: 'E10001' }));
});
afterAll(() => app.close());

const save = (body: unknown, caller: Caller = who.admin) => api.as(caller).post('/api/v1/calendar/save', body);

describe('the working calendar', () => {
  it('lists holidays and weekend days worked, each rule refused on its field, for the configuration permission only', async () => {
    expect((await save({ day: '2030-10-01', kind: 'holiday', name: '国庆节' })).status).toBe(200);
    expect((await save({ day: '2030-09-29', kind: 'workday', name: '国庆调休' })).status).toBe(200);
    const year = (await api.as(who.admin).get('/api/v1/calendar?year=2030')).body.data;
    expect(year).toEqual([
      { day: '2030-09-29', kind: 'workday', name: '国庆调休', updatedBy: '系统管理员' },
      { day: '2030-10-01', kind: 'holiday', name: '国庆节', updatedBy: '系统管理员' },
    ]);
    expect((await save({ day: '2030-10-05', kind: 'holiday', name: '国庆节' })).body.errors).toEqual({ day: '周末本就休息，无需设为节假日' });
    expect((await save({ day: '2030-10-08', kind: 'workday', name: '调休' })).body.errors).toEqual({ day: '工作日本就上班，只有周末可设为调休上班' });
    expect((await save({ day: '2030-02-30', kind: 'holiday', name: '春节' })).body.errors).toEqual({ day: '请输入正确的日期（yyyy-MM-dd）' });
    expect((await save({ day: '2030-10-02', kind: 'holiday', name: '' })).body.errors).toEqual({ name: '请输入名称（如：国庆节、国庆调休）' });
    expect((await save({ day: '2030-10-02', kind: 'holiday', name: '国庆节' }, who.pm)).status).toBe(403);
    expect((await api.as(who.admin).get('/api/v1/calendar?year=1999')).status).toBe(400);

    const calendar = await loadCalendar(db);
    expect(isWorkingDay('2030-10-01', calendar)).toBe(false);
    expect(isWorkingDay('2030-09-29', calendar)).toBe(true);
    expect((await api.as(who.admin).post('/api/v1/calendar/delete', { day: '2030-10-01' })).status).toBe(200);
    expect(isWorkingDay('2030-10-01', await loadCalendar(db))).toBe(true);
  });
});

describe("a node's time limit", () => {
  it('counts its working days over weekends and the listed holidays: a holiday in the window moves the due time a working day on', async () => {
    const tomorrowOrNext = wireDay(addWorkingDays(new Date(), 1));
    await save({ day: tomorrowOrNext, kind: 'holiday', name: '临时休假' });
    const flow = await insertFlowAtNode(db, 'APTITUDE');
    const [node, task, row] = await Promise.all([
      db.selectFrom('cert_flow_node').select('started_at').where('flow_no', '=', flow.flowNo).where('node_code', '=', 'APTITUDE').executeTakeFirstOrThrow(),
      db.selectFrom('cert_task').select('end_time').where('flow_no', '=', flow.flowNo).where('node_code', '=', 'APTITUDE').executeTakeFirstOrThrow(),
      db.selectFrom('cert_flow').select('current_due_at').where('flow_no', '=', flow.flowNo).executeTakeFirstOrThrow(),
    ]);
    const opened = new Date(node.started_at!);
    const due = new Date(task.end_time!).getTime();
    // APTITUDE has 5 working days; the holiday is one of the first of them.
    expect(Math.abs(due - addWorkingDays(opened, 5, await loadCalendar(db)).getTime())).toBeLessThan(5_000);
    expect(due - addWorkingDays(opened, 5, WEEKENDS_ONLY).getTime()).toBeGreaterThan(DAY - 5_000);
    // The flow carries its open node's due time (the list's overdue filter); its end clears it.
    expect(new Date(row.current_due_at!).getTime()).toBe(due);

    const detail = async () => (await api.as(who.pm).get(`/v1/cert-flow-node/detail?flowNo=${flow.flowNo}`)).body.data.timeLimit;
    expect(await detail()).toEqual({ nodeCode: 'APTITUDE', limitDays: 5, spentDays: 0, dueAt: new Date(due).toISOString(), overdue: false });

    // Opened twelve days ago and due yesterday: overdue, with the working days spent counted on the calendar.
    const startedAt = new Date(Date.now() - 12 * DAY);
    await db.updateTable('cert_flow_node').set({ started_at: startedAt }).where('flow_no', '=', flow.flowNo).where('node_code', '=', 'APTITUDE').execute();
    await db.updateTable('cert_flow').set({ current_due_at: new Date(Date.now() - DAY) }).where('flow_no', '=', flow.flowNo).execute();
    const late = await detail();
    expect(late).toMatchObject({ overdue: true, spentDays: workingDaysBetween(startedAt, new Date(), await loadCalendar(db)) });
    expect(late.spentDays).toBeGreaterThan(5);

    // The flow list marks it and filters by it — by itself, with the category filter (read per category) and the
    // supplier name; a flow within its limit is not listed.
    const onTime = await insertFlowAtNode(db, 'APTITUDE');
    const list = async (filters: Record<string, unknown>) => (await api.as(who.pm).post('/v1/cert-flow-node/flow-list', { currentPage: 1, pageSize: 100, ...filters })).body;
    const numbers = (body: { data: { records: { flowNo: string }[] } }) => body.data.records.map((r) => r.flowNo);
    const overdueOnly = await list({ timeLimit: 'overdue' });
    expect(numbers(overdueOnly)).toContain(flow.flowNo);
    expect(numbers(overdueOnly)).not.toContain(onTime.flowNo);
    expect(overdueOnly.data.records.find((r: { flowNo: string }) => r.flowNo === flow.flowNo).overdue).toBe(true);
    expect(numbers(await list({ timeLimit: 'overdue', categoryNames: '白车身' }))).toContain(flow.flowNo);
    expect(numbers(await list({ timeLimit: 'overdue', categoryNames: '白车身' }))).not.toContain(onTime.flowNo);
    expect(numbers(await list({ flowNo: onTime.flowNo }))).toEqual([onTime.flowNo]);
    expect((await list({ flowNo: onTime.flowNo })).data.records[0].overdue).toBe(false);
    expect((await list({ timeLimit: 'late' })).errors).toEqual({ timeLimit: '取值无效' });

    await markFlowEnded(db, { flowNo: flow.flowNo, stage: STAGE.TERMINATED });
    expect((await db.selectFrom('cert_flow').select('current_due_at').where('flow_no', '=', flow.flowNo).executeTakeFirstOrThrow()).current_due_at).toBeNull();
    expect(await detail()).toBeNull();
    await api.as(who.admin).post('/api/v1/calendar/delete', { day: tomorrowOrNext });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { APPLY_TYPE } from '#domain/cert-flow/enums.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import { apiEndpoints } from '#api/endpoints.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { invitedSupplier, OTHER_PURCHASER, PURCHASER, validSections } from '../support/rfi-questionnaire.ts';

/**
 * Req flow §6: an expansion's questionnaire is written and submitted only by its task principal (the
 * REGISTER_RFI task's, else the flow's purchasing manager); another purchasing manager holding the
 * same expand key is refused before anything changes.
 */
let app: TestApp;
let db: Db;
const engine = recordingFlows();
const staff: Record<string, Caller> = {};

beforeAll(async () => {
  app = await startTestApp({ flows: engine.flows });
  db = app.deps.db;
  for (const job of [PURCHASER, OTHER_PURCHASER]) staff[job] = await staffSession(db, job);
});
afterAll(() => app.close());

const call = (path: string, query: Record<string, string>, caller: Caller, body?: unknown) => {
  // The method as declared: the submit's method is the endpoint's business, not this test's.
  const method = apiEndpoints.find((e) => e.path === path)!.method;
  const api = client(app).as(caller).header('origin', app.baseUrl).locale('en');
  return method === 'post' ? api.post(path, body ?? {}, query) : api.get(path, query);
};
const saveFinance = (applyNo: string, caller: Caller) =>
  call(`/v1/cert-rfi/save-${RFI_SECTION_PATHS.finance}`, { applyNo, save: 'true' }, caller, { data: validSections().finance, version: 1 });

const state = async (applyNo: string, flowNo: string) => ({
  app: await db.selectFrom('rfi_application').select(['sections', 'version', 'status']).where('apply_no', '=', applyNo).executeTakeFirstOrThrow(),
  log: await db.selectFrom('operation_history').select('id').where('relation_code', '=', flowNo).execute(),
});

describe('expand mode writes: only the questionnaire task principal', () => {
  it('refuses another purchasing manager with the expand key (403 notTaskPrincipal) and changes nothing', async () => {
    const { applyNo, flowNo } = await invitedSupplier(db, app.deps.config.appSecret, { applyType: APPLY_TYPE.EXPAND });
    const before = await state(applyNo, flowNo);

    const save = await saveFinance(applyNo, staff[OTHER_PURCHASER]);
    expect(save.status).toBe(403);
    expect(save.body.message).toBe('Only the task owner can do this');
    const submit = await call('/v1/cert-rfi/submit', { applyNo }, staff[OTHER_PURCHASER]);
    expect(submit.status).toBe(403);

    expect(await state(applyNo, flowNo)).toEqual(before);
    expect(engine.callsOf(flowNo).signalRfiSubmitted).toEqual([]);
  });

  it('lets the principal save', async () => {
    const { applyNo } = await invitedSupplier(db, app.deps.config.appSecret, { applyType: APPLY_TYPE.EXPAND });
    expect((await saveFinance(applyNo, staff[PURCHASER])).status).toBe(200);
  });

  it('follows the task when it moves to another principal', async () => {
    const { applyNo, flowNo } = await invitedSupplier(db, app.deps.config.appSecret, { applyType: APPLY_TYPE.EXPAND });
    await db.updateTable('cert_task').set({ principal_job_number: OTHER_PURCHASER }).where('flow_no', '=', flowNo).where('task_type', '=', 'REGISTER_RFI').execute();
    expect((await saveFinance(applyNo, staff[PURCHASER])).status).toBe(403);
    expect((await saveFinance(applyNo, staff[OTHER_PURCHASER])).status).toBe(200);
  });
});

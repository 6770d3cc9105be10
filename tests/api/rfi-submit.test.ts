import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { unavailable } from '#domain/errors.ts';
import { deliverQueued } from '#services/rfi/submit-signal.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { fillAll, invitedSupplier, supplierClient, validSections } from '../support/rfi-questionnaire.ts';
import { recordingFlows } from '../support/recording-flows.ts';

/**
 * Submitting the questionnaire (req rfi §4, §8): every step must pass; a submitted questionnaire
 * is the reviewers' until it is returned. The workflow is a recorder here (the real one runs in
 * rfi-review-engine.test.ts).
 */
let app: TestApp;
let db: Db;
const engine = recordingFlows();

beforeAll(async () => {
  app = await startTestApp({ flows: engine.flows });
  db = app.deps.db;
});
afterAll(() => app.close());

async function newSupplier(locale: 'zh' | 'en' = 'zh') {
  const s = await invitedSupplier(db, app.deps.config.appSecret);
  return { ...s, client: supplierClient(app, s, locale) };
}

const application = (applyNo: string) =>
  db.selectFrom('rfi_application').select(['status', 'submitted_at', 'version']).where('apply_no', '=', applyNo).executeTakeFirstOrThrow();
const registerTask = (flowNo: string) =>
  db.selectFrom('cert_task').select('status').where('flow_no', '=', flowNo).where('task_type', '=', 'REGISTER_RFI').executeTakeFirstOrThrow();
const actions = async (flowNo: string) =>
  (await db.selectFrom('operation_history').select('action').where('relation_code', '=', flowNo).orderBy('id').execute()).map((h) => h.action);

describe('POST /v1/rfi/submit', () => {
  it('with one invalid step names that step and its fields; nothing is submitted', async () => {
    const { client, applyNo, flowNo } = await newSupplier();
    const sections = validSections();
    const version = await fillAll(client, sections);
    // Saved as a draft (allowed), but the full rules want a base name.
    const factories = sections.factories as Record<string, any>;
    factories.factoryList[0].baseName = '';
    expect((await client.save('factories', factories, version, false)).status).toBe(200);

    const res = await client.submit();
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ step: 6, stepKey: 'factories' });
    expect(res.body.errors).toEqual({ 'factoryList.0.baseName': '请输入制造基地名称' });
    expect(res.body.message).toBe('问卷有未填写或不正确的内容，请检查');
    expect(await application(applyNo)).toMatchObject({ status: 10, submitted_at: null });
    expect((await registerTask(flowNo)).status).toBe(20);
    expect(engine.callsOf(flowNo).signalRfiSubmitted).toEqual([]);
    expect(await actions(flowNo)).not.toContain('RFI_SUBMIT');
  });

  it('names the first step never saved, in the caller language', async () => {
    const { client } = await newSupplier('en');
    const res = await client.submit();
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ step: 1, stepKey: 'company' });
    expect(res.body.errors?.companyChineseName).toBe('Please enter the company name in Chinese');
  });

  it('submits a complete questionnaire: status submitted, the fill task finished, the workflow told', async () => {
    const { client, applyNo, flowNo } = await newSupplier();
    await fillAll(client, validSections());
    const res = await client.submit();
    expect(res.status).toBe(200);
    // The supplier's contact for what comes next: the flow's purchasing manager.
    expect(res.body.data).toEqual({ submitted: true, contact: { name: '王磊', email: expect.stringContaining('@') } });
    const row = await application(applyNo);
    expect(row.status).toBe(20);
    expect(row.submitted_at).not.toBeNull();
    expect((await registerTask(flowNo)).status).toBe(30);
    expect(engine.calls.signalRfiSubmitted).toContainEqual([flowNo, applyNo]);
    expect((await actions(flowNo)).at(-1)).toBe('RFI_SUBMIT');
  });

  it('a submitted questionnaire is read-only for the supplier (409) until it is returned', async () => {
    const { client, applyNo } = await newSupplier();
    await fillAll(client, validSections());
    expect((await client.submit()).status).toBe(200);
    const { version } = await application(applyNo);

    const read = await client.read('finance');
    expect(read.body.data).toMatchObject({ status: 20, readOnly: true });
    const save = await client.save('finance', validSections().finance, version, false);
    expect(save.status).toBe(409);
    expect(save.body.message).toBe('问卷已提交，当前不可修改');
    expect((await client.submit()).status).toBe(409);
    expect((await application(applyNo)).version).toBe(version);

    // The workflow returns it after a rejection (status 30): editable and submittable again.
    await db.updateTable('rfi_application').set({ status: 30 }).where('apply_no', '=', applyNo).execute();
    expect((await client.read('finance')).body.data).toMatchObject({ status: 30, readOnly: false });
    expect((await client.save('finance', validSections().finance, version, true)).status).toBe(200);
    expect((await client.submit()).status).toBe(200);
  });

  it('a questionnaire that passed review stays read-only', async () => {
    const { client, applyNo } = await newSupplier();
    await db.updateTable('rfi_application').set({ status: 40 }).where('apply_no', '=', applyNo).execute();
    expect((await client.read('company')).body.data.readOnly).toBe(true);
    expect((await client.save('company', {}, 1, false)).status).toBe(409);
  });

  it('when the workflow engine cannot be reached: submitted all the same, and the workflow told once it is back', async () => {
    const { client, applyNo, flowNo } = await newSupplier();
    await fillAll(client, validSections());
    engine.refuse = unavailable();
    const res = await client.submit();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ submitted: true });
    expect((await application(applyNo)).status).toBe(20);
    expect((await registerTask(flowNo)).status).toBe(30);
    expect(engine.callsOf(flowNo).signalRfiSubmitted).toEqual([]);
    // Still refused: the delivery pass keeps it.
    expect(await deliverQueued({ db, flows: engine.flows }, 0)).toMatchObject({ failed: 1 });
    engine.refuse = undefined;
    expect(await deliverQueued({ db, flows: engine.flows }, 0)).toMatchObject({ sent: 1 });
    expect(engine.callsOf(flowNo).signalRfiSubmitted).toEqual([[flowNo, applyNo]]);
    // Sent once: the next pass has nothing left.
    expect(await deliverQueued({ db, flows: engine.flows }, 0)).toEqual({ sent: 0, failed: 0 });
    expect(engine.callsOf(flowNo).signalRfiSubmitted).toHaveLength(1);
  });

  it('a queued signal of a questionnaire returned meanwhile is dropped, not sent to the new round', async () => {
    const { client, applyNo, flowNo } = await newSupplier();
    await fillAll(client, validSections());
    engine.refuse = unavailable();
    expect((await client.submit()).status).toBe(200);
    engine.refuse = undefined;
    await db.updateTable('rfi_application').set({ status: 30 }).where('apply_no', '=', applyNo).execute();
    expect(await deliverQueued({ db, flows: engine.flows }, 0)).toMatchObject({ failed: 0 });
    expect(engine.callsOf(flowNo).signalRfiSubmitted).toEqual([]);
    expect(await db.selectFrom('engine_outbox').select('key').where('flow_no', '=', flowNo).execute()).toEqual([]);
  });
});

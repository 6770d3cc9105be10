import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { returnQuestionnaire } from '#services/rfi/review.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { fillAll, invitedSupplier, supplierClient, validSections } from '../support/rfi-questionnaire.ts';
import { recordingFlows } from '../support/recording-flows.ts';

/** A questionnaire returned by a review opens where it needs a change, with the reason, until resubmitted. */
let app: TestApp;
let db: Db;

beforeAll(async () => {
  app = await startTestApp({ flows: recordingFlows().flows });
  db = app.deps.db;
});
afterAll(() => app.close());

describe('GET /v1/rfi/current/step of a returned questionnaire', () => {
  it('opens on the first step failing its rules, with the return reason, until resubmitted', async () => {
    const s = await invitedSupplier(db, app.deps.config.appSecret);
    const client = supplierClient(app, s);
    const sections = validSections();
    await fillAll(client, sections);
    expect((await client.submit()).status).toBe(200);
    expect((await client.currentStep()).body.data).toEqual({ step: 10 });

    await returnQuestionnaire(db, { flowNo: s.flowNo, round: 1, reason: '请补充制造基地信息' });
    // Every step passes: the reason names no step, so the questionnaire opens at step 1.
    expect((await client.currentStep()).body.data).toEqual({ step: 1, returnReason: '请补充制造基地信息' });

    const factories = sections.factories as Record<string, any>;
    factories.factoryList[0].baseName = '';
    let version = (await client.read('factories')).body.data.version as number;
    version = (await client.save('factories', factories, version, false)).body.data.version;
    expect((await client.currentStep()).body.data).toEqual({ step: 6, returnReason: '请补充制造基地信息' });

    factories.factoryList[0].baseName = '武汉基地';
    expect((await client.save('factories', factories, version, true)).status).toBe(200);
    expect((await client.submit()).status).toBe(200);
    const after = (await client.currentStep()).body.data;
    expect(after.returnReason).toBeUndefined();
    expect((await db.selectFrom('rfi_application').select('return_reason').where('apply_no', '=', s.applyNo).executeTakeFirstOrThrow()).return_reason).toBeNull();
  });
});

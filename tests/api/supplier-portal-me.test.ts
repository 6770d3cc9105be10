import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { NODE_STAGE } from '#domain/cert-flow/enums.ts';
import { DEFAULT_SUPPLIER_ROLES } from '#domain/supplier-portal/roles.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { portalSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { invitedSupplier } from '../support/rfi-questionnaire.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';
import { testErp } from '../support/erp.ts';

let app: TestApp;
let db: Db;

beforeAll(async () => {
  app = await startTestApp();
  db = app.deps.db;
});
afterAll(() => app.close());

const get = (path: string, caller: Caller | null = null, query?: Record<string, string>) => client(app).as(caller).get(path, query);

const activities = () => createCertFlowActivities({ db, mailer: createOutboxMailer(db), erp: testErp(), publicUrl: 'http://portal.example.com', appSecret: TEST_SECRET });

async function accountMails(email: string) {
  return db.selectFrom('mail_outbox').select(['subject', 'text_body', 'html_body', 'dedupe_key']).where('to_address', '=', email).where('dedupe_key', 'like', 'portal-account:%').execute();
}

describe('GET /v1/supplier-portal/me', () => {
  it("lists the account's own flows only, with stage, current node and whether the self-inspection is open", async () => {
    const email = `own-${Date.now()}@supplier.example.com`;
    const first = await insertFlowAtNode(db, 'APTITUDE', { email });
    const second = await insertFlowAtNode(db, 'SELF_INSPECTION', { email });
    const stranger = await insertFlowAtNode(db, 'SELF_INSPECTION');
    await portalSession(db, stranger.flowNo);
    await portalSession(db, first.flowNo);
    const portal = await portalSession(db, second.flowNo);

    const me = await get('/v1/supplier-portal/me', portal);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email, supplierName: '苏州精密冲压有限公司', roles: [...DEFAULT_SUPPLIER_ROLES] });
    const flows = me.body.data.flows as { flowNo: string }[];
    expect(flows.map((f) => f.flowNo).sort()).toEqual([first.flowNo, second.flowNo].sort());
    expect(flows.find((f) => f.flowNo === first.flowNo)).toEqual({
      flowNo: first.flowNo,
      supplierName: '苏州精密冲压有限公司',
      stage: NODE_STAGE.APTITUDE,
      currentNodeCode: 'APTITUDE',
      selfInspectionOpen: false,
    });
    expect(flows.find((f) => f.flowNo === second.flowNo)).toMatchObject({ currentNodeCode: 'SELF_INSPECTION', selfInspectionOpen: true });
  });

  it('opens for portal sessions only: anonymous and questionnaire tokens are refused, and a portal token opens no questionnaire call', async () => {
    expect((await get('/v1/supplier-portal/me')).status).toBe(401);
    const rfi = await invitedSupplier(db, app.deps.config.appSecret);
    expect((await get('/v1/supplier-portal/me', rfi)).status).toBe(401);

    const flow = await insertFlowAtNode(db, 'APTITUDE');
    const portal = await portalSession(db, flow.flowNo);
    const step = await get('/v1/rfi/current/step', portal, { temp: rfi.temp });
    expect(step.status).toBe(401);
  });
});

describe('the account-created mail when the RFI passes', () => {
  it('mails the contact once, with the portal login link and the login e-mail', async () => {
    const flow = await insertFlowAtNode(db, 'RFI');
    const acts = activities();
    await acts.closeNode({ flowNo: flow.flowNo, nodeCode: 'RFI', outcome: 'pass' });
    await acts.closeNode({ flowNo: flow.flowNo, nodeCode: 'RFI', outcome: 'pass' });

    const mails = await accountMails(flow.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('供应商门户账号已开通');
    expect(mails[0].text_body).toContain('http://portal.example.com/client/portal/login');
    expect(mails[0].text_body).toContain(flow.email);
    const account = await db.selectFrom('supplier_account').select('id').where('email', '=', flow.email).executeTakeFirstOrThrow();
    expect(mails[0].dedupe_key).toBe(`portal-account:${account.id}`);
  });

  it('sends nothing more when the same contact passes the RFI of another flow', async () => {
    const email = `again-${Date.now()}@supplier.example.com`;
    const acts = activities();
    const first = await insertFlowAtNode(db, 'RFI', { email });
    await acts.closeNode({ flowNo: first.flowNo, nodeCode: 'RFI', outcome: 'pass' });
    const second = await insertFlowAtNode(db, 'RFI', { email });
    await acts.closeNode({ flowNo: second.flowNo, nodeCode: 'RFI', outcome: 'pass' });

    expect(await accountMails(email)).toHaveLength(1);
    const joined = await db.selectFrom('supplier_account_flow as f').innerJoin('supplier_account as a', 'a.id', 'f.account_id').select('f.flow_no').where('a.email', '=', email).execute();
    expect(joined).toHaveLength(2);
  });

  it("is written in the account's language", async () => {
    const flow = await insertFlowAtNode(db, 'RFI');
    await db.updateTable('cert_flow').set({ locale: 'en' }).where('flow_no', '=', flow.flowNo).execute();
    await activities().closeNode({ flowNo: flow.flowNo, nodeCode: 'RFI', outcome: 'pass' });
    const [mail] = await accountMails(flow.email);
    expect(mail.subject).toBe('Your supplier portal account');
  });
});

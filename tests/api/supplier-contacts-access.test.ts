import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';

/**
 * Accepted suppliers' contacts (name, e-mail, phone) are personal data: only those who start an
 * expansion, whose drawer fills and locks the invited contact from them, read them.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const contacts = (caller: Caller) => client(app).as(caller).post('/v1/supplier/user/search', { supplierCode: '100002' });

describe("an accepted supplier's contacts", () => {
  it('are read by a purchasing manager, who may expand', async () => {
    const res = await contacts(await staffSession(app.deps.db, 'E10002'));
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { phone: string }) => c.phone)).toContain('18955367890');
  });

  it('are refused (403) to a reviewer who reads the flow list but may not expand', async () => {
    const reviewer = await staffSession(app.deps.db, 'E10021');
    const res = await contacts(reviewer);
    expect(res.status).toBe(403);
    expect(res.bytes.toString()).not.toContain('18955367890');
    // The supplier list itself stays open to flow-list readers.
    expect((await client(app).as(reviewer).get('/v1/supplier/access/search', { supplier: '100002' })).status).toBe(200);
  });
});

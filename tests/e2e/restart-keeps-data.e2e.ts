import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, Connection } from '@temporalio/client';
import { certFlowWorkflowId, stateQuery } from '#workflows/definitions.ts';
import { startTestStack } from '../support/stack.ts';
import { validRegisterApply } from '../support/fixtures.ts';
import { loginCookie } from '../support/staff-login.ts';

/** `npm start` a second time finds flows, files and mails as they were (same data folder). */
describe('restarting the embedded stack', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-restart-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the flow, its running workflow, the uploaded file and the mail', async () => {
    const first = await startTestStack({ dataDir, keepData: true });
    let flowNo: string;
    let fileKey: string;
    let email: string;
    try {
      const cookie = await loginCookie(first.appUrl);
      const input = await validRegisterApply(first.db.db);
      email = input.contactEmail;
      const created = await fetch(`${first.appUrl}/v1/cert-flow-node/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(input),
      });
      flowNo = (await created.json()).data.flowNo;
      const form = new FormData();
      form.append('file', new Blob(['quality manual, rev. 3\n'], { type: 'text/plain' }), 'manual.txt');
      const uploaded = await fetch(`${first.appUrl}/common/v1/file`, { method: 'POST', headers: { cookie }, body: form });
      fileKey = (await uploaded.json()).data.fileKey;
      // The dev mailbox is for staff with ops:dev-mailbox.
      const admin = await loginCookie(first.appUrl, 'admin');
      for (let i = 0; i < 100; i++) {
        const mail = await fetch(`${first.appUrl}/dev/v1/mailbox?to=${encodeURIComponent(email)}`, { headers: { cookie: admin } }).then((r) => r.json());
        if (mail.data.total > 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await first.stop();
    }

    const second = await startTestStack({ dataDir, keepData: true });
    try {
      const cookie = await loginCookie(second.appUrl);
      const list = await fetch(`${second.appUrl}/v1/cert-flow-node/flow-list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ flowNo }),
      }).then((r) => r.json());
      expect(list.data.records.map((r: { flowNo: string }) => r.flowNo)).toEqual([flowNo]);

      const file = await fetch(`${second.appUrl}/common/v1/simple-download?fileKey=${encodeURIComponent(fileKey)}`, { headers: { cookie } });
      expect(await file.text()).toBe('quality manual, rev. 3\n');

      const mail = await fetch(`${second.appUrl}/dev/v1/mailbox?to=${encodeURIComponent(email)}`, { headers: { cookie: await loginCookie(second.appUrl, 'admin') } }).then((r) => r.json());
      expect(mail.data.total).toBe(1);

      const client = new Client({ connection: await Connection.connect({ address: second.temporalAddress }) });
      const state = await client.workflow.getHandle(certFlowWorkflowId(flowNo)).query(stateQuery);
      expect(state.currentNode).toBe('RFI');
      await client.connection.close();
    } finally {
      await second.stop();
    }
  });
});

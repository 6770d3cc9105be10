import { createCertFlowWorker } from '#activities/worker.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { openDatabase } from '#db/connection.ts';
import { createHttpErpClient } from '#adapters/erp/http-erp-client.ts';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import { TEST_SECRET } from './workflow-harness.ts';
import { prebuiltWorkflowBundle } from './temporal.ts';

/**
 * A certification worker in its own process, so a test can kill it outright (SIGKILL) in the
 * middle of an activity. Env: TEMPORAL_ADDRESS, TASK_QUEUE, DATABASE_URL, ERP_URL (the test run's
 * simulator, inherited from the test process), and SLOW_MAIL_MS to
 * hold each mail whose dedupe key contains SLOW_MAIL_MATCH that long before it is stored (the
 * window the test kills in); it prints `mail-held <key>` when it starts holding one. SLOW_ERP_MS
 * holds the answer of each vendor change the ERP has done, printing `erp-held <supplier code>`.
 */
const slowMs = Number(process.env.SLOW_MAIL_MS ?? 0);
const slowMatch = process.env.SLOW_MAIL_MATCH ?? '';
const db = (await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: '' })).db;
const outbox = createOutboxMailer(db);
const mailer: Mailer = {
  ...outbox,
  async send(mail) {
    if (slowMs && mail.dedupeKey.includes(slowMatch)) {
      process.stdout.write(`mail-held ${mail.dedupeKey}\n`);
      await new Promise((r) => setTimeout(r, slowMs));
    }
    return outbox.send(mail);
  },
};
const slowErpMs = Number(process.env.SLOW_ERP_MS ?? 0);
const httpErp = createHttpErpClient({ baseUrl: process.env.ERP_URL! });
const erp: ErpClient = {
  ...httpErp,
  async updateVendor(code, input, key) {
    await httpErp.updateVendor(code, input, key);
    if (slowErpMs) {
      process.stdout.write(`erp-held ${code}\n`);
      await new Promise((r) => setTimeout(r, slowErpMs));
    }
  },
};
const { worker } = await createCertFlowWorker({
  address: process.env.TEMPORAL_ADDRESS!,
  namespace: 'default',
  taskQueue: process.env.TASK_QUEUE!,
  deps: { db, mailer, erp, publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET },
  workflowBundle: prebuiltWorkflowBundle(),
});
process.stdout.write('worker-ready\n');
await worker.run();

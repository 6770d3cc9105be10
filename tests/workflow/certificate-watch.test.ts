import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import { addDays } from '#domain/certificates/certificate.ts';
import { wireDay } from '#domain/date-time.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { ensureSupplierAccount } from '#services/supplier-portal/accounts.ts';
import { CERTIFICATE_WATCH_ID, CERTIFICATE_WATCH_WORKFLOW, certificatesChangedSignal } from '#workflows/certificate-definitions.ts';
import { admittedSupplier } from '../support/change-process-fixtures.ts';
import { eventually } from '../support/fixtures.ts';
import { recordHistory } from '../support/histories.ts';
import { startTimeSkippingHarness, type TimeSkippingHarness } from '../support/time-skipping.ts';

const DAY = 24 * 3_600_000;

/**
 * The certificate watch on the time-skipping server (docs/decisions/0053-certificates-kept-valid.md): reminders 90, 30
 * and 7 days before a certificate ends and its end, each once, on durable timers; mails to the supplier's portal
 * contacts and its purchasing manager, the manager's task; an ended certificate expired.
 */
describe('the certificate watch', () => {
  let t: TimeSkippingHarness;
  let watch: WorkflowHandle;
  beforeAll(async () => {
    t = await startTimeSkippingHarness();
  });
  afterAll(() => t?.stop());
  const db = () => t.db.db;

  /** An admitted supplier with a portal account and one certificate ending `daysLeft` days from the server's clock. */
  async function supplierWithCertificate(daysLeft: number) {
    const s = await admittedSupplier(db());
    await ensureSupplierAccount(db(), s.flowNo);
    const today = wireDay(new Date(await t.env.currentTimeMs()));
    const { id } = await db()
      .insertInto('supplier_certificate')
      .values({ supplier_no: s.supplierNo, kind: 'IATF16949', issuer: 'TÜV', certificate_no: 'IATF-1', valid_from: '2024-01-01', valid_until: addDays(today, daysLeft), file_url: '/f/iatf', source: s.flowNo })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...s, certificateId: id };
  }
  const events = async (id: number) => (await db().selectFrom('certificate_event').select('event').where('certificate_id', '=', id).orderBy('created_at').execute()).map((e) => e.event);
  const mails = (id: number) => db().selectFrom('mail_outbox').select(['dedupe_key', 'to_address', 'subject', 'locale']).where('dedupe_key', 'like', `certificate:${id}:%`).orderBy('id').execute();
  const tasks = (supplierNo: string) => db().selectFrom('cert_task').select(['task_type', 'status', 'principal_job_number']).where('flow_no', '=', supplierNo).orderBy('task_no').execute();

  it('a certificate 100 days from its end: reminded at 90, 30 and 7 days, then expired the day after its last — each once', async () => {
    const c = await supplierWithCertificate(100);
    watch = await t.env.client.workflow.start(CERTIFICATE_WATCH_WORKFLOW, { workflowId: CERTIFICATE_WATCH_ID, taskQueue: t.taskQueue });
    await t.env.sleep(5 * DAY);
    expect(await events(c.certificateId)).toEqual([]);

    await t.env.sleep(6 * DAY);
    await eventually(async () => (await events(c.certificateId)).length === 1);
    expect(await events(c.certificateId)).toEqual(['remind90']);
    const first = await mails(c.certificateId);
    // The supplier's portal contact and its purchasing manager.
    expect(first.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringContaining('证书将于'), expect.stringContaining('供应商证书即将到期')]));
    expect(await tasks(c.supplierNo)).toEqual([{ task_type: 'CERTIFICATE_ENDING', status: TASK_STATUS.IN_PROGRESS, principal_job_number: expect.any(String) }]);

    await t.env.sleep(60 * DAY);
    await eventually(async () => (await events(c.certificateId)).length === 2);
    await t.env.sleep(23 * DAY);
    await eventually(async () => (await events(c.certificateId)).length === 3);
    expect(await events(c.certificateId)).toEqual(['remind90', 'remind30', 'remind7']);

    await t.env.sleep(8 * DAY);
    await eventually(async () => (await events(c.certificateId)).length === 4);
    expect(await events(c.certificateId)).toEqual(['remind90', 'remind30', 'remind7', 'expired']);
    expect((await db().selectFrom('supplier_certificate').select('status').where('id', '=', c.certificateId).executeTakeFirstOrThrow()).status).toBe('expired');
    // The manager's open task is now the ended certificate's; the reminder's closed.
    const open = (await tasks(c.supplierNo)).filter((x) => x.status === TASK_STATUS.IN_PROGRESS);
    expect(open.map((x) => x.task_type)).toEqual(['CERTIFICATE_ENDED']);
    const all = await mails(c.certificateId);
    expect(new Set(all.map((m) => m.dedupe_key)).size).toBe(all.length);
    expect(all).toHaveLength(8);

    // Nothing more, however long it sleeps.
    await t.env.sleep(40 * DAY);
    await eventually(async () => (await watch.describe()).status.name === 'RUNNING');
    expect(await events(c.certificateId)).toHaveLength(4);
    expect(await mails(c.certificateId)).toHaveLength(8);
  });

  it('a certificate put on the master 20 days from its end and signalled: only the 30-day reminder, at once', async () => {
    const c = await supplierWithCertificate(20);
    await watch.signal(certificatesChangedSignal);
    await eventually(async () => (await events(c.certificateId)).length === 1);
    expect(await events(c.certificateId)).toEqual(['remind30']);
    await recordHistory('certificate-watch', watch);
  });
});

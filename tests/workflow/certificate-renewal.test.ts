import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/certificates/certificate.ts';
import { wireDay } from '#domain/date-time.ts';
import type { PortalPrincipal } from '#domain/identity.ts';
import { decideApproval } from '#services/approvals/approval-card.ts';
import { listMyOpenTasks } from '#services/cert-flow/my-tasks.ts';
import { submitRenewal } from '#services/certificates/renewal.ts';
import { ensureSupplierAccount } from '#services/supplier-portal/accounts.ts';
import { approvalRunId } from '#workflows/approval-definitions.ts';
import { renewalWorkflowId } from '#workflows/certificate-definitions.ts';
import { admittedSupplier } from '../support/change-process-fixtures.ts';
import { principalOf } from '../support/exit-fixtures.ts';
import { eventually } from '../support/fixtures.ts';
import { recordHistory } from '../support/histories.ts';
import { PURCHASER } from '../support/rfi-questionnaire.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

/**
 * A certificate renewal on a real Temporal server with the real activities: the supplier offers it, its purchasing
 * manager finds the task and approves on the one approval card (the approval engine as the renewal's child), the
 * master shows the new certificate and keeps the old one as replaced; a rejection leaves the master alone. The
 * uploader is mailed the decision either way.
 */
describe('certificate renewal workflow', () => {
  let h: WorkflowHarness;
  beforeAll(async () => {
    h = await startWorkflowHarness();
  });
  afterAll(() => h?.stop());
  const db = () => h.db.db;
  const deps = () => ({ db: db(), flows: h.flows, exits: h.exits, changes: h.changes, rounds: h.rounds, certificates: h.certificates });
  const today = wireDay(new Date());

  async function offered() {
    const s = await admittedSupplier(db());
    const accountId = (await ensureSupplierAccount(db(), s.flowNo))!;
    const portal: PortalPrincipal = { kind: 'portal', accountId, email: 'x@example.com', supplierName: '供应商', roles: [], flowNos: [s.flowNo] };
    const { id } = await db()
      .insertInto('supplier_certificate')
      .values({ supplier_no: s.supplierNo, kind: 'IATF16949', issuer: 'TÜV', certificate_no: 'IATF-1', valid_from: '2024-01-01', valid_until: addDays(today, 20), file_url: '/f/old', source: s.flowNo })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fileKey = `renewal-${id}`;
    await db().insertInto('stored_file').values({ file_key: fileKey, file_name: 'iatf-new.pdf', content_type: 'application/pdf', size: 10, sha256: 'x', owner_kind: 'supplier', owner_id: `account:${accountId}` }).execute();
    const { renewalNo } = await submitRenewal(
      { db: db(), certificates: h.certificates },
      portal,
      { certificateId: id, issuer: 'TÜV SÜD', certificateNo: 'IATF-2', validFrom: today, validUntil: addDays(today, 1000), fileName: 'iatf-new.pdf', fileUrl: `/common/v1/simple-download?fileKey=${fileKey}&fileName=iatf-new.pdf` },
    );
    return { ...s, certificateId: id, renewalNo };
  }
  const certificates = (supplierNo: string) =>
    db().selectFrom('supplier_certificate').select(['certificate_no', 'valid_until', 'status', 'source']).where('supplier_no', '=', supplierNo).orderBy('id').execute();

  it('approved by the purchasing manager: the new certificate replaces the old one on the master, the task closes', async () => {
    const r = await offered();
    const task = async () => (await listMyOpenTasks(db(), PURCHASER, 'zh')).find((t) => t.flowNo === r.renewalNo);
    await eventually(task);
    expect(await task()).toMatchObject({ taskName: '供应商换证审批', link: `/suppliers/renewal?renewalNo=${r.renewalNo}` });
    await eventually(() => db().selectFrom('mail_outbox').select('id').where('dedupe_key', '=', `renewal-approval:${r.renewalNo}:1`).executeTakeFirst());

    await decideApproval(deps(), { kind: 'CERTIFICATE_RENEWAL', ref: r.renewalNo, decision: 'pass' }, await principalOf(db(), PURCHASER));
    await eventually(async () => (await certificates(r.supplierNo)).length === 2);
    expect(await certificates(r.supplierNo)).toEqual([
      { certificate_no: 'IATF-1', valid_until: addDays(today, 20), status: 'replaced', source: r.flowNo },
      { certificate_no: 'IATF-2', valid_until: addDays(today, 1000), status: 'valid', source: r.renewalNo },
    ]);
    expect(await task()).toBeUndefined();
    expect((await db().selectFrom('mail_outbox').select('subject').where('dedupe_key', '=', `renewal-decided:${r.renewalNo}`).executeTakeFirstOrThrow()).subject).toContain('换证审批通过');
    const run = h.client.workflow.getHandle(renewalWorkflowId(r.renewalNo));
    expect(await run.result()).toBe('approved');
    await recordHistory('certificate-renewal-approved', run);
    await recordHistory('approval-certificate-renewal-approved', h.client.workflow.getHandle(approvalRunId(renewalWorkflowId(r.renewalNo), 'CERTIFICATE_RENEWAL')));
  });

  it('rejected with a reason: the master keeps the old certificate, the supplier reads why', async () => {
    const r = await offered();
    await eventually(() => db().selectFrom('cert_task').select('task_no').where('flow_no', '=', r.renewalNo).executeTakeFirst());
    await decideApproval(deps(), { kind: 'CERTIFICATE_RENEWAL', ref: r.renewalNo, decision: 'reject', reason: '证书编号与扫描件不符' }, await principalOf(db(), PURCHASER));
    expect(await h.client.workflow.getHandle(renewalWorkflowId(r.renewalNo)).result()).toBe('rejected');
    expect(await certificates(r.supplierNo)).toEqual([{ certificate_no: 'IATF-1', valid_until: addDays(today, 20), status: 'valid', source: r.flowNo }]);
    const renewal = await db().selectFrom('certificate_renewal').select(['status', 'decision_reason']).where('renewal_no', '=', r.renewalNo).executeTakeFirstOrThrow();
    expect(renewal).toEqual({ status: 'rejected', decision_reason: '证书编号与扫描件不符' });
    // The account that uploaded it is told, with the reason.
    const mail = await eventually(() => db().selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body']).where('dedupe_key', '=', `renewal-decided:${r.renewalNo}`).executeTakeFirst());
    expect(mail).toMatchObject({ to_address: 'x@example.com', subject: expect.stringContaining('换证申请被退回') });
    expect(mail.text_body).toContain('原因：证书编号与扫描件不符');
  });
});

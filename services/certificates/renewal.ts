import { sql } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import {
  CERTIFICATE_TASK,
  certificateTaskNo,
  hasValidity,
  renewalTaskNo,
  type RenewalRequest,
  type RenewalView,
  validityIssues,
} from '#domain/certificates/certificate.ts';
import { RELATION_TYPE, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { wireDay } from '#domain/date-time.ts';
import { badRequest, conflict, notFound } from '#domain/errors.ts';
import type { Actor, PortalPrincipal } from '#domain/identity.ts';
import type { Locale } from '#domain/i18n.ts';
import { withParams } from '#domain/messages.ts';
import { portalFileOwnerId } from '#services/files/file-owner.ts';
import { requireStoredUrls } from '#services/files/stored-documents.ts';
import { writeHistory, type HistoryRelation } from '#services/history/write-history.ts';
import { portalSupplierNos } from '#services/supplier-change/access.ts';
import type { CertificateGateway } from './certificate-gateway.ts';
import { supplierPurchaser } from './certificate-people.ts';
import { certificateKinds, replaceCertificate } from './master-certificates.ts';

/** A supplier's certificate history (relation type 80): renewals submitted and decided. */
export const certificateLogOf = (supplierNo: string): HistoryRelation => ({ type: RELATION_TYPE.SUPPLIER_CERTIFICATE, code: supplierNo });

/** Renewal numbers read like RN202612070001: the day and a per-day counter, allocated atomically. */
async function nextRenewalNo(db: DbOrTrx, now: Date): Promise<string> {
  const day = wireDay(now).replaceAll('-', '');
  const row = await db
    .insertInto('certificate_renewal_no_seq')
    .values({ day, last: 1 })
    .onConflict((oc) => oc.column('day').doUpdateSet({ last: sql`certificate_renewal_no_seq.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `RN${day}${String(row.last).padStart(4, '0')}`;
}

export async function loadRenewal(db: DbOrTrx, renewalNo: string) {
  const row = await db.selectFrom('certificate_renewal').selectAll().where('renewal_no', '=', renewalNo).executeTakeFirst();
  if (!row) throw notFound('renewalNotPending');
  return row;
}
export type RenewalRecord = Awaited<ReturnType<typeof loadRenewal>>;

/**
 * POST /api/v1/portal/certificates/renewal: the supplier offers the renewed certificate of one of its current dated
 * certificates, with a file it uploaded itself; valid now and ending after it starts; one renewal in approval per
 * certificate. Its purchasing manager is asked to approve it on the approval card.
 */
export async function submitRenewal(deps: { db: Db; certificates: CertificateGateway }, portal: PortalPrincipal, input: RenewalRequest, now = new Date()): Promise<{ renewalNo: string }> {
  const { db } = deps;
  const certificate = await db.selectFrom('supplier_certificate').selectAll().where('id', '=', input.certificateId).executeTakeFirst();
  if (!certificate || !(await portalSupplierNos(db, portal)).includes(certificate.supplier_no)) throw notFound('certificateNotFound');
  if (certificate.status === 'replaced') throw conflict('certificateReplaced');
  // A document without a validity (an organisation chart) is replaced by an information change, not renewed.
  if (!hasValidity(certificate.kind)) throw badRequest('certificateUndated', { certificateId: 'certificateUndated' });
  const problems = validityIssues(input, { today: wireDay(now), isNew: true });
  if (Object.keys(problems).length) throw badRequest(Object.values(problems)[0]!, problems);
  const stored = await requireStoredUrls(db, { kind: 'supplier', ownerId: portalFileOwnerId(portal.accountId) }, { fileUrl: input.fileUrl });
  const approver = await supplierPurchaser(db, certificate.supplier_no);
  if (!approver) throw conflict('certificateApproverMissing');
  const open = await db.selectFrom('certificate_renewal').select('renewal_no').where('certificate_id', '=', certificate.id).where('status', '=', 'approving').executeTakeFirst();
  if (open) throw conflict(withParams('certificateRenewalOpen', { renewalNo: open.renewal_no }));
  const submitter: Actor = { id: `account:${portal.accountId}`, name: portal.supplierName };
  const renewalNo = await db.transaction().execute(async (trx) => {
    const no = await nextRenewalNo(trx, now);
    await trx
      .insertInto('certificate_renewal')
      .values({
        renewal_no: no,
        supplier_no: certificate.supplier_no,
        certificate_id: certificate.id,
        issuer: input.issuer,
        certificate_no: input.certificateNo,
        valid_from: input.validFrom,
        valid_until: input.validUntil,
        file_name: stored.fileUrl?.name ?? input.fileName,
        file_url: stored.fileUrl?.url ?? input.fileUrl,
        submitted_by: submitter.id,
        submitted_by_email: portal.email,
        approver_job_number: approver.jobNumber,
        approver_name: approver.name,
        created_at: now,
      })
      .execute();
    await writeHistory(trx, {
      relation: certificateLogOf(certificate.supplier_no),
      actor: submitter,
      action: 'certificateRenewalSubmitted',
      description: `提交换证申请 ${no}（${certificate.kind}，有效期至 ${input.validUntil}）`,
      detail: { renewalNo: no, certificateId: certificate.id },
    });
    return no;
  });
  await deps.certificates.startRenewal({
    renewalNo,
    supplierNo: certificate.supplier_no,
    approver: { jobNumber: approver.jobNumber, name: approver.name },
    submitter,
  });
  return { renewalNo };
}

/**
 * The approved renewal takes its certificate's place on the master (the old one kept, replaced) and the old one's
 * reminder tasks close. Idempotent: an applied renewal is not applied again.
 */
export async function applyRenewal(db: Db, renewalNo: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await trx.selectFrom('certificate_renewal').selectAll().where('renewal_no', '=', renewalNo).forUpdate().executeTakeFirstOrThrow();
    if (r.status !== 'approved') return;
    const old = await trx.selectFrom('supplier_certificate').select(['kind']).where('id', '=', r.certificate_id).executeTakeFirstOrThrow();
    await replaceCertificate(trx, {
      supplierNo: r.supplier_no,
      kind: old.kind,
      issuer: r.issuer,
      certificateNo: r.certificate_no,
      validFrom: r.valid_from,
      validUntil: r.valid_until,
      fileName: r.file_name,
      fileUrl: r.file_url,
      source: r.renewal_no,
      now,
    });
    await trx
      .updateTable('cert_task')
      .set({ status: TASK_STATUS.FINISHED, updated_at: now })
      .where('task_no', 'in', [certificateTaskNo(r.certificate_id, CERTIFICATE_TASK.ending), certificateTaskNo(r.certificate_id, CERTIFICATE_TASK.ended)])
      .where('status', '!=', TASK_STATUS.FINISHED)
      .execute();
  });
}

/** Records a decision on the renewal and closes its approver's task (the engine's subject; idempotent). */
export async function recordRenewalDecision(db: Db, input: { renewalNo: string; decision: 'pass' | 'reject'; reason?: string; actor: Actor }, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('certificate_renewal')
      .set({ status: input.decision === 'pass' ? 'approved' : 'rejected', decided_by_name: input.actor.name, decision_reason: input.reason ?? null, decided_at: now })
      .where('renewal_no', '=', input.renewalNo)
      .where('status', '=', 'approving')
      .returning('supplier_no')
      .executeTakeFirst();
    await closeRenewalTask(trx, input.renewalNo);
    if (!done) return;
    await writeHistory(trx, {
      relation: certificateLogOf(done.supplier_no),
      actor: input.actor,
      action: input.decision === 'pass' ? 'certificateRenewalApproved' : 'certificateRenewalRejected',
      description: input.decision === 'pass' ? `换证申请 ${input.renewalNo} 审批通过` : `换证申请 ${input.renewalNo} 被驳回：${input.reason ?? ''}`,
      dedupeKey: `renewal:${input.renewalNo}:${input.decision}`,
      at: now,
    });
  });
}

export async function closeRenewalTask(db: DbOrTrx, renewalNo: string): Promise<void> {
  await db.updateTable('cert_task').set({ status: TASK_STATUS.FINISHED, updated_at: new Date() }).where('task_no', '=', renewalTaskNo(renewalNo)).where('status', '!=', TASK_STATUS.FINISHED).execute();
}

/** What the approver compares: the certificate on file and the one offered. */
export async function renewalView(db: Db, r: RenewalRecord, locale: Locale): Promise<RenewalView> {
  const [current, supplier, kinds] = await Promise.all([
    db.selectFrom('supplier_certificate').selectAll().where('id', '=', r.certificate_id).executeTakeFirstOrThrow(),
    db.selectFrom('supplier').select('name').where('supplier_no', '=', r.supplier_no).executeTakeFirst(),
    certificateKinds(db),
  ]);
  return {
    renewalNo: r.renewal_no,
    supplierNo: r.supplier_no,
    supplierName: supplier?.name ?? r.supplier_no,
    certificateId: r.certificate_id,
    kind: current.kind,
    kindName: kinds.get(current.kind)?.[locale] ?? current.kind,
    status: r.status,
    current: { issuer: current.issuer, certificateNo: current.certificate_no, validFrom: current.valid_from, validUntil: current.valid_until },
    offered: { issuer: r.issuer, certificateNo: r.certificate_no, validFrom: r.valid_from, validUntil: r.valid_until, fileName: r.file_name, fileUrl: r.file_url },
    submittedAt: new Date(r.created_at).toISOString(),
    reason: r.decision_reason,
  };
}

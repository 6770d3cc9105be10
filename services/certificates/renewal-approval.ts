import { CERTIFICATE_TASK, CERTIFICATE_TASK_NAME, PORTAL_CERTIFICATES_PATH, renewalPagePath, renewalTaskNo } from '#domain/certificates/certificate.ts';
import { renewalDecidedMail } from '#adapters/mail/templates.ts';
import { mailLocale } from '#services/rfi/fresh-code.ts';
import { certificateKinds } from './master-certificates.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { actorOf } from '#domain/identity.ts';
import { conflict, forbidden } from '#domain/errors.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import type { ApprovalDesk } from '#services/approvals/desk.ts';
import { isoOf } from '#services/approvals/desk.ts';
import type { ApprovalSubject, SubjectDeps } from '#services/approvals/subject.ts';
import { mailStaffTask } from '#services/mail/staff-task-mail.ts';
import { mayStaffEdit } from '#services/supplier-change/access.ts';
import { closeRenewalTask, loadRenewal, recordRenewalDecision } from './renewal.ts';

const isAdmin = (permissions: readonly string[]) => permissions.includes(PERMISSIONS.certProcessManageAll);

/** A certificate renewal as the approval engine's subject: the purchasing manager's task and mail, the decision recorded. */
export const renewalApprovalSubject: ApprovalSubject = {
  async openStep(deps, input) {
    const r = await loadRenewal(deps.db, input.flowNo);
    await deps.db
      .insertInto('cert_task')
      .values({
        task_no: renewalTaskNo(r.renewal_no),
        flow_no: r.renewal_no,
        node_code: CERTIFICATE_TASK.nodeCode,
        task_type: CERTIFICATE_TASK.renewal,
        task_name: CERTIFICATE_TASK_NAME.CERTIFICATE_RENEWAL.zh,
        principal_job_number: input.approver.jobNumber,
        status: TASK_STATUS.IN_PROGRESS,
      })
      .onConflict((oc) => oc.column('task_no').doNothing())
      .execute();
    const supplier = await deps.db.selectFrom('supplier').select('name').where('supplier_no', '=', r.supplier_no).executeTakeFirst();
    await mailStaffTask(deps, {
      jobNumber: input.approver.jobNumber,
      dedupeKey: `renewal-approval:${r.renewal_no}:${input.step}`,
      taskName: (locale) => CERTIFICATE_TASK_NAME.CERTIFICATE_RENEWAL[locale],
      flowNo: r.renewal_no,
      supplierName: supplier?.name ?? r.supplier_no,
      path: renewalPagePath(r.renewal_no),
    });
  },
  async recordDecision(deps, input) {
    await recordRenewalDecision(deps.db, { renewalNo: input.flowNo, decision: input.decision, reason: input.reason, actor: input.actor });
    await mailRenewalDecision(deps, input.flowNo);
  },
  async withdraw(deps, input) {
    await recordRenewalDecision(deps.db, { renewalNo: input.flowNo, decision: 'reject', reason: input.reason, actor: input.actor });
  },
  async close(deps, ref) {
    await closeRenewalTask(deps.db, ref.flowNo);
  },
};

/** Tells the account that uploaded the renewal how it was decided, in its language; once per renewal. */
async function mailRenewalDecision(deps: SubjectDeps, renewalNo: string): Promise<void> {
  const r = await loadRenewal(deps.db, renewalNo);
  if (r.status === 'approving') return;
  const [account, kinds] = await Promise.all([
    deps.db.selectFrom('supplier_account').select(['locale', 'supplier_name']).where('email', '=', r.submitted_by_email).executeTakeFirst(),
    certificateKinds(deps.db),
  ]);
  const kind = (await deps.db.selectFrom('supplier_certificate').select('kind').where('id', '=', r.certificate_id).executeTakeFirstOrThrow()).kind;
  const locale = mailLocale(account?.locale ?? 'zh', 'zh');
  const mail = renewalDecidedMail({
    supplierName: account?.supplier_name ?? r.supplier_no,
    certificate: kinds.get(kind)?.[locale] ?? kind,
    approved: r.status === 'approved',
    reason: r.decision_reason ?? undefined,
    link: `${deps.publicUrl.replace(/\/$/, '')}${PORTAL_CERTIFICATES_PATH}`,
    locale,
  });
  await deps.mailer.send({ dedupeKey: `renewal-decided:${renewalNo}`, to: r.submitted_by_email, locale, ...mail });
}

/** A renewal on the approval card: read by its approver, administrators and staff responsible for the supplier; decided by its approver or an administrator. */
export const renewalApprovalDesk: ApprovalDesk = {
  readers: [],
  async card(db, renewalNo, staff) {
    const r = await loadRenewal(db, renewalNo);
    if (r.approver_job_number !== staff.jobNumber && !(await mayStaffEdit(db, staff, r.supplier_no))) throw forbidden('renewalNotApprover');
    const decided = r.status !== 'approving';
    return {
      status: r.status,
      submitterName: r.submitted_by_email,
      steps: [
        {
          round: 1,
          step: 1,
          approverId: r.approver_job_number,
          approverName: r.approver_name,
          decision: decided ? (r.status === 'approved' ? 'pass' : 'reject') : null,
          decidedBy: r.decided_by_name,
          reason: r.decision_reason,
          openedAt: isoOf(r.created_at),
          decidedAt: isoOf(r.decided_at),
        },
      ],
      canDecide: !decided && (r.approver_job_number === staff.jobNumber || isAdmin(staff.permissions)),
    };
  },
  async decide(deps, renewalNo, ask, staff) {
    const r = await loadRenewal(deps.db, renewalNo);
    const asAdmin = isAdmin(staff.permissions);
    if (r.approver_job_number !== staff.jobNumber && !asAdmin) throw forbidden('renewalNotApprover');
    if (r.status !== 'approving') throw conflict('renewalNotPending');
    await deps.certificates.decideRenewal(renewalNo, { ...ask, actor: actorOf(staff), asAdmin }, `${renewalNo}:decide:${ask.decision}`, async () => (await loadRenewal(deps.db, renewalNo)).status === 'approving');
  },
};

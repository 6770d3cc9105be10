import type { DbOrTrx } from '#db/connection.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { conflict } from '#domain/errors.ts';
import type { ChangeApprovalStepInput } from '#workflows/supplier-change-definitions.ts';

/**
 * Who approves a change (docs/decisions/0033-supplier-information-change-1-of-2.md "Supplier information change"), in step order: the purchasing
 * manager of the supplier's latest admitted flow, then its CMT leader, then the administrators
 * (cert_process_manage_all) by job number — active staff only, never the submitter, nobody twice. A change
 * takes the first one (a bank change the first two).
 */
export async function changeApprovers(db: DbOrTrx, supplierNo: string, submitterId: string): Promise<ChangeApprovalStepInput[]> {
  const flow = await db
    .selectFrom('cert_flow')
    .select(['purchase_job_number', 'cmt_leader_job_number'])
    .where('supplier_no', '=', supplierNo)
    .where('stage', '=', STAGE.FINISHED)
    .orderBy('pass_time', 'desc')
    .orderBy('flow_no', 'desc')
    .executeTakeFirst();
  const adminRoles = (await db.selectFrom('role').select(['code', 'permissions']).execute())
    .filter((r) => r.permissions.includes(PERMISSIONS.certProcessManageAll))
    .map((r) => r.code);
  const staff = await db.selectFrom('staff').select(['job_number', 'name', 'roles']).where('active', '=', true).orderBy('job_number').execute();
  const byJob = new Map(staff.map((s) => [s.job_number, s]));
  const candidates = [
    ...(flow ? [flow.purchase_job_number, flow.cmt_leader_job_number] : []),
    ...staff.filter((s) => s.roles.some((r) => adminRoles.includes(r))).map((s) => s.job_number),
  ];
  const seen = new Set<string>([submitterId]);
  const out: ChangeApprovalStepInput[] = [];
  for (const job of candidates) {
    const person = byJob.get(job);
    if (!person || seen.has(job)) continue;
    seen.add(job);
    out.push({ seq: out.length + 1, approverJobNumber: job, approverName: person.name });
  }
  if (!flow || out.length === 0) throw conflict('changeApproverMissing');
  return out;
}

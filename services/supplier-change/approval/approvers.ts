import { sql } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { CHANGE_STEP_ROLE } from '#domain/supplier-change/approval.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { conflict } from '#services/errors.ts';

export interface StepApprover {
  jobNumber: string;
  name: string;
}

/** Administrators (cert_process_manage_all) may decide any step of any change, never their own change. */
export const isChangeAdmin = (staff: Pick<StaffPrincipal, 'permissions'>) => staff.permissions.includes(PERMISSIONS.certProcessManageAll);

/** Active staff holding the administrator's permission, by job number. */
async function administrators(db: DbOrTrx): Promise<StepApprover[]> {
  const rows = await db
    .selectFrom('staff as s')
    .select(['s.job_number', 's.name'])
    .where('s.active', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('role as r')
          .select(sql`1`.as('one'))
          .where(sql<boolean>`s.roles ? r.code`)
          .where(sql<boolean>`r.permissions ? ${PERMISSIONS.certProcessManageAll}`),
      ),
    )
    .orderBy('s.job_number')
    .execute();
  return rows.map((r) => ({ jobNumber: r.job_number, name: r.name }));
}

/**
 * The holders of a change's steps (docs/decisions.md "Supplier information change: approval"): step 1
 * the purchasing manager on the supplier's certification flow (the flow whose release is its master),
 * step 2 of a bank change that flow's CMT leader. A holder who is missing, inactive, the submitter, or
 * the holder of the other step is replaced by the first administrator who is none of these, so a bank
 * change always has two different approvers and nobody approves their own change.
 */
export async function changeApprovers(
  db: DbOrTrx,
  input: { supplierNo: string; side: 'supplier' | 'staff'; submitterId: string; bankChange: boolean },
): Promise<StepApprover[]> {
  const supplier = await db.selectFrom('supplier').select(['master_flow_no', 'source_flow_no']).where('supplier_no', '=', input.supplierNo).executeTakeFirstOrThrow();
  const flowNo = supplier.master_flow_no ?? supplier.source_flow_no;
  const steps = input.bankChange ? [1, 2] as const : [1] as const;
  const excluded = new Set(input.side === 'staff' ? [input.submitterId] : []);
  const holders = flowNo
    ? await db
        .selectFrom('cert_flow_role as r')
        .innerJoin('staff as s', 's.job_number', 'r.job_number')
        .select(['r.role', 's.job_number', 's.name'])
        .where('r.flow_no', '=', flowNo)
        .where('r.role', 'in', steps.map((s) => CHANGE_STEP_ROLE[s]))
        .where('s.active', '=', true)
        .execute()
    : [];
  let admins: StepApprover[] | undefined;
  const approvers: StepApprover[] = [];
  for (const step of steps) {
    const holder = holders.find((h) => h.role === CHANGE_STEP_ROLE[step]);
    if (holder && !excluded.has(holder.job_number)) {
      approvers.push({ jobNumber: holder.job_number, name: holder.name });
    } else {
      admins ??= await administrators(db);
      const admin = admins.find((a) => !excluded.has(a.jobNumber));
      if (!admin) throw conflict('changeApproverMissing');
      approvers.push(admin);
    }
    excluded.add(approvers.at(-1)!.jobNumber);
  }
  return approvers;
}

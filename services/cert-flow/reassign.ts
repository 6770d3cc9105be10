import type { Db } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { NODE_PRINCIPAL_ROLE } from '#domain/cert-flow/node-principals.ts';
import { RFI_REVIEW_KINDS, RFI_REVIEW_ROLE } from '#domain/cert-flow/tasks.ts';
import type { Actor } from '#domain/identity.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';

export interface Assignment {
  role: string;
  jobNumber: string;
  name: string;
}

/**
 * Hands responsibilities to other people: the role table, the flow's purchasing manager and CMT
 * leader columns, and the open tasks of the nodes those roles own — one transaction, one history row.
 * Idempotent: applying the same assignments again changes nothing and logs nothing.
 */
export async function applyAssignments(db: Db, input: { flowNo: string; assignments: Assignment[]; actor: Actor; dedupeKey: string }) {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('cert_flow_role').selectAll().where('flow_no', '=', input.flowNo).execute();
    const changed = input.assignments.filter((a) => current.find((c) => c.role === a.role)?.job_number !== a.jobNumber);
    if (changed.length === 0) return;
    for (const a of changed) {
      await trx
        .insertInto('cert_flow_role')
        .values({ flow_no: input.flowNo, role: a.role, job_number: a.jobNumber, name: a.name })
        .onConflict((oc) => oc.columns(['flow_no', 'role']).doUpdateSet({ job_number: a.jobNumber, name: a.name }))
        .execute();
      if (a.role === 'PURCHASE_MANAGER') await trx.updateTable('cert_flow').set({ purchase_job_number: a.jobNumber }).where('flow_no', '=', input.flowNo).execute();
      if (a.role === 'CMT_LEADER') await trx.updateTable('cert_flow').set({ cmt_leader_job_number: a.jobNumber }).where('flow_no', '=', input.flowNo).execute();
      const nodes = Object.entries(NODE_PRINCIPAL_ROLE).filter(([, role]) => role === a.role).map(([node]) => node);
      const reviews = RFI_REVIEW_KINDS.filter((kind) => RFI_REVIEW_ROLE[kind] === a.role);
      await trx
        .updateTable('cert_task')
        .set({ principal_job_number: a.jobNumber, updated_at: new Date() })
        .where('flow_no', '=', input.flowNo)
        .where('status', '!=', TASK_STATUS.FINISHED)
        .where((eb) =>
          eb.or([
            ...(nodes.length ? [eb.and([eb('task_type', 'in', ['NODE_PRINCIPAL', 'REGISTER_RFI']), eb('node_code', 'in', nodes)])] : []),
            ...(reviews.length ? [eb('task_type', 'in', reviews)] : []),
          ]),
        )
        .execute();
    }
    await writeHistory(trx, {
      relation: flowLogOf(input.flowNo),
      dedupeKey: input.dedupeKey,
      actor: input.actor,
      action: 'REASSIGN',
      description: changed.map((a) => `${a.role} → ${a.name} (${a.jobNumber})`).join('; '),
      detail: { assignments: changed },
    });
  });
}

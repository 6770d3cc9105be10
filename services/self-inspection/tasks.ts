import type { Db, DbOrTrx } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { DimensionCode } from '#domain/cert-flow/dimensions.ts';
import { APPROVE_STATUS } from '#domain/cert-flow/nodes/self-inspection.ts';
import { closeDimensionTask, ensureDimensionTask, mailDimensionTask, type DimensionTask } from '#services/cert-flow/dimension-tasks.ts';
import { rowsOfFlow, type ItemRow } from './rows.ts';

/**
 * Each dimension owner's self-inspection tasks: issue the checklist (from the node's opening until
 * issued), then audit each submission (until audited; a rejection's resubmission is a new round).
 */

const issueTask = (row: ItemRow): DimensionTask => ({ flowNo: row.flow_no, taskType: 'SELF_INSPECTION_ISSUE', dimension: row.dimension_code as DimensionCode });
const auditTask = (row: ItemRow): DimensionTask => ({
  flowNo: row.flow_no,
  taskType: 'SELF_INSPECTION_AUDIT',
  dimension: row.dimension_code as DimensionCode,
  round: row.reject_count + 1,
});

/** At the node's opening: every owner of a row still to issue gets the task and its mail (idempotent). */
export async function openIssueTasks(deps: { db: Db; mailer: Mailer; publicUrl: string }, flowNo: string): Promise<void> {
  for (const row of await rowsOfFlow(deps.db, flowNo)) {
    if (row.approve_status !== APPROVE_STATUS.AWAITING_ISSUE) continue;
    await ensureDimensionTask(deps.db, issueTask(row), row.principal_job_number);
    await mailDimensionTask(deps, issueTask(row), row.principal_job_number);
  }
}

export const closeIssueTask = (db: DbOrTrx, row: ItemRow) => closeDimensionTask(db, issueTask(row));

/** The supplier submitted the row (its reject count as it stands): the owner's audit task. */
export const openAuditTask = (db: DbOrTrx, row: ItemRow) => ensureDimensionTask(db, auditTask(row), row.principal_job_number);

/** The owner audited the row (its reject count before this audit). */
export const closeAuditTask = (db: DbOrTrx, row: ItemRow) => closeDimensionTask(db, auditTask(row));

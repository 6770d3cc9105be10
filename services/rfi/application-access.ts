import type { Db } from '#db/connection.ts';
import { RFI_STATUS } from '#domain/cert-flow/enums.ts';
import type { CurrentStepResponse } from '#domain/rfi/login.ts';
import { clampStep } from '#domain/rfi/steps.ts';
import { submitCheck } from '#domain/rfi/submit-check.ts';
import { findApplicationByTemp } from './invitation.ts';

/** The invitation's address, shown read-only on the login page; undefined for unknown or expired links alike. */
export async function loginEmailOf(db: Db, temp: string, now = new Date()): Promise<string | undefined> {
  return (await findApplicationByTemp(db, temp, now))?.email;
}

/**
 * Where the supplier's questionnaire opens (req rfi §4: the step the server keeps). A returned one
 * opens on the first step that fails its full rules — step 1 when every step passes, since the
 * reason then names no step — and carries the return reason until it is resubmitted.
 */
export async function currentStepOf(db: Db, applyNo: string): Promise<CurrentStepResponse> {
  const row = await db
    .selectFrom('rfi_application')
    .select(['current_step', 'status', 'sections', 'return_reason'])
    .where('apply_no', '=', applyNo)
    .executeTakeFirstOrThrow();
  if (row.status !== RFI_STATUS.RETURNED) return { step: clampStep(row.current_step) };
  const check = submitCheck(row.sections, { staff: false });
  return { step: check.ok ? 1 : check.stepNo, returnReason: row.return_reason ?? '' };
}

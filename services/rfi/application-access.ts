import type { Db } from '#db/connection.ts';
import { hashToken } from '#adapters/security/tokens.ts';
import { clampStep, type RfiStepNo } from '#domain/rfi/steps.ts';
import { findApplicationByTemp } from './invitation.ts';

/** The invitation's address, shown read-only on the login page; undefined for unknown or expired links alike. */
export async function loginEmailOf(db: Db, temp: string, now = new Date()): Promise<string | undefined> {
  return (await findApplicationByTemp(db, temp, now))?.email;
}

/**
 * Whether `temp` is the link of the given application. A live session decides access, so a link that
 * expired during the session still matches; a re-issued link replaces the old one's hash, so the old
 * link no longer does.
 */
export async function tempBelongsTo(db: Db, temp: string, applyNo: string): Promise<boolean> {
  const row = await db
    .selectFrom('rfi_application')
    .select('apply_no')
    .where('temp_hash', '=', hashToken(temp))
    .executeTakeFirst();
  return row?.apply_no === applyNo;
}

/** Spec 1 §4: register mode resumes at the step the server keeps. */
export async function currentStepOf(db: Db, applyNo: string): Promise<RfiStepNo> {
  const row = await db.selectFrom('rfi_application').select('current_step').where('apply_no', '=', applyNo).executeTakeFirstOrThrow();
  return clampStep(row.current_step);
}

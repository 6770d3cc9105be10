import type { Db } from '#db/connection.ts';

/** Which claims name the person: configurable (OIDC_JOB_NUMBER_CLAIM, OIDC_EMAIL_CLAIM). */
export interface ClaimNames {
  jobNumberClaim: string;
  emailClaim: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The active staff member a company-account login is, by the product's own staff table: the job-number
 * claim first; else the e-mail claim, only when the provider says it verified the address
 * (`email_verified`), as anyone may put any address into an unverified profile. Nobody is created:
 * roles and permissions are the staff table's, and a person it does not know is refused.
 */
export async function findStaffByClaims(db: Db, claims: Record<string, unknown>, names: ClaimNames): Promise<{ id: string; username: string } | null> {
  const jobNumber = text(claims[names.jobNumberClaim]);
  if (jobNumber) {
    return (await db.selectFrom('staff').select(['id', 'username']).where('job_number', '=', jobNumber).where('active', '=', true).executeTakeFirst()) ?? null;
  }
  const email = text(claims[names.emailClaim]);
  if (email && claims.email_verified === true) {
    const rows = await db
      .selectFrom('staff')
      .select(['id', 'username'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .where('active', '=', true)
      .limit(2)
      .execute();
    // Two accounts with one address: which one is meant cannot be told, so neither.
    return rows.length === 1 ? rows[0] : null;
  }
  return null;
}

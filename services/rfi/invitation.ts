import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { RFI_STATUS } from '#domain/cert-flow/enums.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';

/** How long an invitation link stays usable. */
export const INVITATION_TTL_DAYS = 30;

/**
 * Opens the flow's RFI application (idempotent per flow: a retry returns the same row with a fresh
 * link) and returns the unguessable `temp` of the invitation link. Only its hash is stored.
 */
export async function issueRfiInvitation(
  db: Db,
  input: { flowNo: string; email: string; locale: Locale; now?: Date },
): Promise<{ applyNo: string; temp: string }> {
  const now = input.now ?? new Date();
  const temp = newToken(24);
  const expires = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);
  const applyNo = `RFI${input.flowNo}`;
  await db
    .insertInto('rfi_application')
    .values({
      apply_no: applyNo,
      flow_no: input.flowNo,
      temp_hash: hashToken(temp),
      temp_expires_at: expires,
      email: input.email,
      locale: input.locale,
      status: RFI_STATUS.FILLING,
    })
    .onConflict((oc) =>
      oc.column('apply_no').doUpdateSet({ temp_hash: hashToken(temp), temp_expires_at: expires, failed_logins: 0 }),
    )
    .execute();
  return { applyNo, temp };
}

/** The application a `temp` opens, or null for an unknown or expired link (same answer for both). */
export async function findApplicationByTemp(db: Db, temp: string, now = new Date()) {
  return db
    .selectFrom('rfi_application')
    .selectAll()
    .where('temp_hash', '=', hashToken(temp))
    .where('temp_expires_at', '>', now)
    .executeTakeFirst();
}

import crypto from 'node:crypto';
import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { LinkContact } from '#domain/rfi/login.ts';
import { RFI_STATUS } from '#domain/cert-flow/enums.ts';
import { hashToken } from '#adapters/security/tokens.ts';

/** How long an invitation link stays usable. */
const INVITATION_TTL_DAYS = 30;

/**
 * The link's `temp` is an HMAC of the application and its invitation number: unguessable without
 * the server secret, yet the same on every retry of the activity that mails it, so a retried
 * activity never mails a link that a later retry has replaced. Only its hash is stored.
 */
export function invitationTemp(secret: string, applyNo: string, inviteSeq: number): string {
  return crypto.createHmac('sha256', secret).update(`${applyNo}:${inviteSeq}`).digest('base64url');
}

function applyNoOf(flowNo: string): string {
  return `RFI${flowNo}`;
}

/**
 * Opens the flow's RFI application, or re-issues its link (`reissue`: a fresh temp, the old one dies).
 * Idempotent for the same `inviteSeq`: calling again returns the same temp.
 */
export async function issueRfiInvitation(
  db: Db,
  input: { flowNo: string; email: string; locale: Locale; secret: string; inviteSeq?: number; now?: Date },
): Promise<{ applyNo: string; temp: string; inviteSeq: number }> {
  const now = input.now ?? new Date();
  const applyNo = applyNoOf(input.flowNo);
  const inviteSeq = input.inviteSeq ?? 1;
  const temp = invitationTemp(input.secret, applyNo, inviteSeq);
  const expires = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);
  await db
    .insertInto('rfi_application')
    .values({
      apply_no: applyNo,
      flow_no: input.flowNo,
      temp_hash: hashToken(temp),
      temp_expires_at: expires,
      invite_seq: inviteSeq,
      email: input.email,
      locale: input.locale,
      status: RFI_STATUS.FILLING,
    })
    .onConflict((oc) =>
      oc
        .column('apply_no')
        .doUpdateSet({ temp_hash: hashToken(temp), temp_expires_at: expires, invite_seq: inviteSeq, failed_logins: 0 })
        .where('rfi_application.invite_seq', '<', inviteSeq),
    )
    .execute();
  await db.insertInto('rfi_issued_link').values({ temp_hash: hashToken(temp), apply_no: applyNo }).onConflict((oc) => oc.column('temp_hash').doNothing()).execute();
  return { applyNo, temp, inviteSeq };
}

/** The application a `temp` opens, or undefined for an unknown or expired link (same answer for both). */
export async function findApplicationByTemp(db: Db, temp: string, now = new Date()) {
  return db
    .selectFrom('rfi_application')
    .selectAll()
    .where('temp_hash', '=', hashToken(temp))
    .where('temp_expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Whom to ask about a link that no longer opens: the flow's purchasing manager, but only for a link
 * that was really issued (expired or replaced). A guessed link learns nothing (undefined).
 */
export async function issuedLinkContact(db: Db, temp: string): Promise<LinkContact | undefined> {
  return db
    .selectFrom('rfi_issued_link as l')
    .innerJoin('rfi_application as a', 'a.apply_no', 'l.apply_no')
    .innerJoin('cert_flow as f', 'f.flow_no', 'a.flow_no')
    .innerJoin('staff as s', 's.job_number', 'f.purchase_job_number')
    .select(['s.name', 's.email'])
    .where('l.temp_hash', '=', hashToken(temp))
    .executeTakeFirst();
}

import { hashToken, newToken } from '#adapters/security/tokens.ts';
import type { DbOrTrx } from '#db/connection.ts';
import { COMPARISON_CODE_PATTERN } from '#domain/supplier-change/requests.ts';
import { COMPARISON_CODE_BYTES, COMPARISON_CODE_TTL_DAYS } from '#domain/supplier-change/status.ts';
import { notFound } from '#domain/errors.ts';

const DAY_MS = 86_400_000;

/**
 * A new comparison capability of one change (req change §2.1, req shell §2.6): 32 random bytes, base64url; only its
 * SHA-256 is stored, with its expiry. Each recipient (the submitter, each approver's mail) gets its own.
 */
export async function issueComparisonCode(db: DbOrTrx, flowNo: string, now = new Date()): Promise<{ code: string; expiresAt: Date }> {
  const code = newToken(COMPARISON_CODE_BYTES);
  const expiresAt = new Date(now.getTime() + COMPARISON_CODE_TTL_DAYS * DAY_MS);
  await db.insertInto('supplier_change_comparison').values({ code_hash: hashToken(code), flow_no: flowNo, expires_at: expiresAt, created_at: now }).execute();
  return { code, expiresAt };
}

/** The change a live code opens; an unknown or expired code is 404 `comparisonNotFound` and tells nothing else. */
export async function changeOfComparisonCode(db: DbOrTrx, code: string, now = new Date()): Promise<string> {
  if (!COMPARISON_CODE_PATTERN.test(code)) throw notFound('comparisonNotFound');
  const row = await db
    .selectFrom('supplier_change_comparison')
    .select('flow_no')
    .where('code_hash', '=', hashToken(code))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) throw notFound('comparisonNotFound');
  return row.flow_no;
}

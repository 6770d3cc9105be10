import type { DbOrTrx } from '#db/connection.ts';
import { tooMany } from '#domain/errors.ts';
import type { FileOwner } from './file-owner.ts';

/**
 * Bounds on what one caller may store (OWASP API4): a rate per caller, counted before the body is read
 * (api/common/upload-rate-limit.ts), and a total per supplier owner (an application or a portal account).
 * A questionnaire needs a few dozen files of a few MB; these leave ample room for that and for retries,
 * and stop one session from filling the store. Staff have no total: they are the operator's own people.
 */
export const UPLOAD_LIMITS = {
  perCaller: { limit: 60, windowMinutes: 10 },
  supplierTotalBytes: 500 * 1024 * 1024,
} as const;

/** Refuses (429) a file that would take a supplier owner's stored total over its quota. */
export async function requireUploadQuota(db: DbOrTrx, owner: FileOwner, size: number): Promise<void> {
  if (owner.kind !== 'supplier') return;
  const { total } = await db
    .selectFrom('stored_file')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('total'))
    .where('owner_kind', '=', 'supplier')
    .where('owner_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  if (Number(total) + size > UPLOAD_LIMITS.supplierTotalBytes) throw tooMany('uploadQuotaExceeded');
}

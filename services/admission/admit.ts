import type { Db } from '#db/connection.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { markFlowEnded } from '#services/cert-flow/projection.ts';

/**
 * Admission (what stage 90 means): the flow's supplier becomes an accepted supplier of the supplier
 * master. Idempotent: a retried activity admits once.
 */
export async function admitSupplier(deps: { db: Db }, flowNo: string): Promise<void> {
  await markFlowEnded(deps.db, { flowNo, stage: STAGE.FINISHED });
}

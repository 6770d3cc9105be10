import type { Transaction } from 'kysely';
import type { SimulatorDb, SimulatorTables } from './store.ts';

/** An HTTP answer of the simulator: status and JSON body. */
export interface SimulatorResponse {
  status: number;
  body: unknown;
  /** Answered again for a repeated request id. */
  replayed?: boolean;
}

export interface Repeatability {
  requestId: string;
  firstSent?: string;
}

/**
 * SAP's repeatable requests: with a request id the answer is kept under it, and the same id gets the
 * same answer again — what the first call did, or its refusal — without doing anything twice.
 */
export async function answerOnce(
  db: SimulatorDb,
  repeatability: Repeatability | undefined,
  decide: (trx: Transaction<SimulatorTables>) => Promise<SimulatorResponse>,
): Promise<SimulatorResponse> {
  const attempt = () =>
    db.transaction().execute(async (trx): Promise<SimulatorResponse> => {
      if (repeatability) {
        // Claimed first: a concurrent call with the same id waits here for this one's answer.
        const claimed = await trx
          .insertInto('repeatable_request')
          .values({ request_id: repeatability.requestId, first_sent: repeatability.firstSent ?? null, status: 0, body: '{}' })
          .onConflict((oc) => oc.column('request_id').doNothing())
          .returning('request_id')
          .executeTakeFirst();
        if (!claimed) {
          const kept = await trx.selectFrom('repeatable_request').select(['status', 'body']).where('request_id', '=', repeatability.requestId).executeTakeFirstOrThrow();
          return { status: kept.status, body: kept.body, replayed: true };
        }
      }
      const response = await decide(trx);
      if (repeatability) {
        await trx
          .updateTable('repeatable_request')
          .set({ status: response.status, body: JSON.stringify(response.body) })
          .where('request_id', '=', repeatability.requestId)
          .execute();
      }
      return response;
    });
  try {
    return await attempt();
  } catch (err) {
    // Two calls at once (Postgres): the loser's insert hits a unique index; asked again, it sees the
    // winner's row and is answered like any duplicate.
    if ((err as { code?: string }).code === '23505') return attempt();
    throw err;
  }
}

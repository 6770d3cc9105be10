import type { Db, DbOrTrx } from '#db/connection.ts';
import { RFI_STATUS } from '#domain/cert-flow/enums.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';

/**
 * The questionnaire's submit tells its workflow after the submit's transaction has committed
 * (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Signals after commit"): the transaction writes the signal to the outbox, the
 * request sends it after the commit, and a delivery pass sends whatever a request could not (engine
 * down, process killed in between). A signal is sent at least once; the workflow takes a second one
 * as nothing (it listens only while the questionnaire is being filled).
 */

const keyOf = (applyNo: string, version: number) => `rfiSubmitted:${applyNo}:${version}`;

/** In the submit's transaction. */
export async function queueRfiSubmitted(trx: DbOrTrx, input: { flowNo: string; applyNo: string; version: number }): Promise<string> {
  const key = keyOf(input.applyNo, input.version);
  await trx
    .insertInto('engine_outbox')
    .values({ key, kind: 'rfiSubmitted', flow_no: input.flowNo, payload: JSON.stringify({ applyNo: input.applyNo }) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return key;
}

/** Sends one queued signal and removes it; on failure it stays for the delivery pass. Returns whether it went. */
export async function sendQueued(deps: { db: Db; flows: FlowGateway }, key: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('engine_outbox as o')
    .leftJoin('rfi_application as a', (j) => j.on('a.apply_no', '=', (eb) => eb.ref('o.payload', '->>').key('applyNo')))
    .select(['o.key', 'o.flow_no', 'o.payload', 'a.status'])
    .where('o.key', '=', key)
    .executeTakeFirst();
  if (!row) return true;
  const { applyNo } = row.payload as { applyNo: string };
  try {
    // A questionnaire returned meanwhile is being filled again: the old submission's signal must not reach it.
    if (row.status === RFI_STATUS.SUBMITTED) await deps.flows.signalRfiSubmitted(row.flow_no, applyNo);
  } catch (err) {
    await deps.db
      .updateTable('engine_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: String(err instanceof Error ? err.message : err).slice(0, 500) }))
      .where('key', '=', key)
      .execute();
    return false;
  }
  await deps.db.deleteFrom('engine_outbox').where('key', '=', key).execute();
  return true;
}

/** The delivery pass: every queued signal older than `olderThanMs` (younger ones are still their request's). */
export async function deliverQueued(deps: { db: Db; flows: FlowGateway }, olderThanMs = 5_000): Promise<{ sent: number; failed: number }> {
  const rows = await deps.db
    .selectFrom('engine_outbox')
    .select('key')
    .where('created_at', '<', new Date(Date.now() - olderThanMs))
    .orderBy('created_at')
    .limit(500)
    .execute();
  let sent = 0;
  let failed = 0;
  for (const { key } of rows) {
    if (await sendQueued(deps, key)) sent++;
    else failed++;
  }
  return { sent, failed };
}

import { Context } from '@temporalio/activity';
import type { Db } from '#db/connection.ts';
import { createTemporalExitGateway } from '#adapters/temporal/exit-gateway.ts';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { dayStart } from '#domain/date-time.ts';
import { ServiceError } from '#domain/errors.ts';
import { SYSTEM_ACTOR } from '#domain/identity.ts';
import { concludeRequalification, type Conclusion } from '#services/requalification/outcome.ts';
import { dueRequalifications } from '#services/requalification/due.ts';
import { startRequalification } from '#services/requalification/start.ts';


/**
 * A requalification's end and the requalifications the platform starts by itself (docs/decisions/0055-requalification.md). Both start workflows — the category exit a failure submits, the due requalifications' flows —
 * through the worker's own client, on the queue this activity runs on; each start is keyed by its business number,
 * so a retry starts nothing twice.
 */
export function createRequalificationActivities(deps: { db: Db }) {
  const engine = () => {
    const { client, info } = Context.current();
    return { client, namespace: client.options.namespace, taskQueue: info.taskQueue };
  };
  return {
    async concludeRequalification(input: Conclusion): Promise<{ exitFlowNo?: string }> {
      return concludeRequalification({ db: deps.db, exits: createTemporalExitGateway(engine()) }, input);
    },
    /**
     * Starts what the schedule and ended certificates made due at `now` (the watch's clock); answers how many started
     * and when the next falls due. A supplier whose start is refused (no finished flow to take its people from, the
     * scenario not applied) is left for the next look and logged, the others go on.
     */
    async startDueRequalifications(input: { now: number }): Promise<{ started: string[]; nextAt: number | null }> {
      const flows = createTemporalFlowGateway(engine());
      const { due, nextDay } = await dueRequalifications(deps.db, new Date(input.now));
      const started: string[] = [];
      for (const d of due) {
        try {
          const { flowNo } = await startRequalification({ db: deps.db, flows }, { ...d, actor: SYSTEM_ACTOR }, 'zh');
          started.push(flowNo);
        } catch (err) {
          if (!(err instanceof ServiceError) || err.kind === 'unavailable') throw err;
          Context.current().log.warn('requalification not started', { supplierNo: d.supplierNo, trigger: d.trigger, refusal: err.message });
        }
      }
      return { started, nextAt: nextDay ? dayStart(nextDay) : null };
    },
  };
}

export type RequalificationActivities = ReturnType<typeof createRequalificationActivities>;

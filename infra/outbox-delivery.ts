import type { Db } from '#db/connection.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { deliverQueued } from '#services/rfi/submit-signal.ts';

const EVERY_MS = 5_000;

/**
 * Sends the queued workflow signals their requests could not (services/rfi/submit-signal.ts) every
 * few seconds in an API process. A timer, not a Temporal schedule: what it delivers is for the engine
 * that may be the one unreachable. Several API processes running it at once send a signal twice at
 * worst, which the workflow takes as nothing.
 */
export function startOutboxDelivery(deps: { db: Db; flows: FlowGateway }, log: (line: string) => void, everyMs = EVERY_MS): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let failing = false;
  let busy = false;
  const pass = () => {
    // A pass still sending (the engine slow to answer) is not overtaken by the next.
    if (busy) return;
    busy = true;
    running = deliverQueued(deps)
      .then(({ sent, failed }) => {
        if (sent) log(`sent ${sent} queued workflow signal(s)`);
        if (failed && !failing) log(`${failed} queued workflow signal(s) wait for the engine`);
        failing = failed > 0;
      })
      .catch((err: unknown) => log(`queued workflow signals: ${String(err)}`))
      .finally(() => (busy = false));
  };
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

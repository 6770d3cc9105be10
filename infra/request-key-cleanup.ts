import type { Db } from '#db/connection.ts';
import { deleteExpiredRequestKeys } from '#services/request-keys/request-key-store.ts';

const EVERY_MS = 3600_000;

/**
 * Deletes the request keys past their day (api/http/request-keys.ts) once an hour in an API process, and
 * once at its start. Several processes doing it at once delete the same rows: harmless.
 */
export function startRequestKeyCleanup(db: Db, log: (line: string) => void, everyMs = EVERY_MS): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = deleteExpiredRequestKeys(db)
      .then((n) => {
        if (n) log(`deleted ${n} expired request key(s)`);
      })
      .catch((err: unknown) => log(`request key cleanup: ${String(err)}`));
  };
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

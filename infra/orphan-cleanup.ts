import type { Db } from '#db/connection.ts';
import type { FileStore } from '#adapters/files/file-store.ts';
import { removeOrphanUploads } from '#services/files/orphans.ts';

const EVERY_MS = 60 * 60_000;

/**
 * Removes orphan uploads hourly in an API process (the first pass a minute after start). A timer,
 * not a Temporal schedule: it needs no durable state, a missed pass is made up by the next, and
 * several API processes running it at once is harmless (each row is deleted once).
 */
export function startOrphanCleanup(deps: { db: Db; files: FileStore }, log: (line: string) => void): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = removeOrphanUploads(deps)
      .then((keys) => {
        if (keys.length) log(`removed ${keys.length} orphan upload(s)`);
      })
      .catch((err: unknown) => log(`orphan upload cleanup failed: ${String(err)}`));
  };
  const first = setTimeout(pass, 60_000);
  const timer = setInterval(pass, EVERY_MS);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}

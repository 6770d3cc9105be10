import type { Db } from '../connection.ts';

/** Idempotent seeds: safe to run at every start; they insert what is missing and update labels. */
export async function seedAll(db: Db): Promise<void> {
  void db;
}

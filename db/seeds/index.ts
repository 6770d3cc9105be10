import type { Db } from '../connection.ts';
import { seedAreas } from './areas.ts';
import { seedCategories } from './categories.ts';
import { seedDictionaries } from './dictionaries.ts';
import { seedDemoStaff, seedRoles } from './org.ts';
import { seedScenarios } from './scenarios.ts';
import { seedDemoSuppliers } from './suppliers.ts';

export interface SeedOptions {
  /** Demo staff with the shared demo password; an installation with real accounts turns them off. */
  demoStaff?: boolean;
}

/**
 * Idempotent seeds: safe to run at every start. They insert what is missing and bring labels up to
 * date, in one transaction, and write nothing when the data is already current.
 */
export async function seedAll(db: Db, opts: SeedOptions = {}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedDictionaries(trx);
    await seedAreas(trx);
    await seedRoles(trx);
    if (opts.demoStaff !== false) await seedDemoStaff(trx);
    await seedCategories(trx);
    await seedScenarios(trx);
    if (opts.demoStaff !== false) await seedDemoSuppliers(trx);
  });
}

import type { Db } from '../connection.ts';
import { seedAreas } from './areas.ts';
import { seedBanks } from './banks.ts';
import { seedCategories } from './categories.ts';
import { seedDictionaries } from './dictionaries.ts';
import { enrolDemoAdmins, retireDemoStaff, seedAdmin, seedDemoStaff, seedRoles, type AdminAccount } from './org.ts';
import { seedScenarios } from './scenarios.ts';
import { seedDemoSuppliers } from './suppliers.ts';
import { seedDemoPerformance } from './performance.ts';

/** What a start seeds besides the reference data; the configuration decides (infra/config.ts). */
export interface SeedPlan {
  /** Demo staff (with the published demo password) and demo suppliers: a developer's install only. */
  demo: boolean;
  /** The administrator kept as configured (ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD). */
  admin?: AdminAccount;
  /**
   * The installation's APP_SECRET: with it, the demo administrator comes with the published demo TOTP
   * key; without it (API tests), it enrols at its first login like any administrator.
   */
  appSecret?: string;
}

/**
 * Idempotent seeds: safe to run at every start. They insert what is missing and bring labels up to
 * date, in one transaction, and write nothing when the data is already current.
 */
export async function seedAll(db: Db, plan: SeedPlan): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedDictionaries(trx);
    await seedAreas(trx);
    await seedBanks(trx);
    await seedRoles(trx);
    if (plan.demo) await seedDemoStaff(trx);
    if (plan.demo && plan.appSecret) await enrolDemoAdmins(trx, plan.appSecret);
    // After the demo staff, which may hold the configured username; before retiring them, which
    // would otherwise turn that account off.
    if (plan.admin) await seedAdmin(trx, plan.admin);
    if (!plan.demo) await retireDemoStaff(trx);
    await seedCategories(trx);
    await seedScenarios(trx);
    if (plan.demo) await seedDemoSuppliers(trx);
    if (plan.demo) await seedDemoPerformance(trx);
  });
}

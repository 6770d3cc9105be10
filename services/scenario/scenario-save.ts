import { randomBytes } from 'node:crypto';
import type { Db } from '#db/connection.ts';
import type { StaffActor } from '#domain/identity.ts';
import { withParams } from '#domain/messages.ts';
import { CONFIG_MODE, SCENARIO_STATUS, SCENARIO_TYPES, planOf, type ScenarioConfigInput, type ScenarioEditRequest } from '#domain/scenario/scenario-config.ts';
import { badRequest, conflict, notFound } from '#domain/errors.ts';
import { runningFlowsOf } from './scenario-rows.ts';
import { NO_STANDARDS } from '#domain/scenario/standards.ts';

/** The version's columns from a configuration. */
function versionValues(c: ScenarioConfigInput) {
  return {
    name_zh: c.nameZh,
    name_en: c.nameEn,
    scenario_type: c.scenarioType,
    node_plan: JSON.stringify(planOf(c.nodes)),
    publicity_seconds: c.publicitySeconds,
    dimensions: JSON.stringify(c.dimensions),
    standards: JSON.stringify(c.standards ?? NO_STANDARDS),
  };
}

/** What new flows read from the scenario row: the applied version's content (or the draft's, never applied). */
function scenarioValues(c: ScenarioConfigInput) {
  const { scenario_type, ...v } = versionValues(c);
  return { ...v, scenario_type, apply_type: SCENARIO_TYPES[c.scenarioType].applyType, updated_at: new Date() };
}

/** NEW (req scenario §2.5): a draft scenario, version 1, not yet offered to new flows. */
export async function createScenario(db: Db, c: ScenarioConfigInput, actor: StaffActor): Promise<{ code: string; version: number }> {
  const code = `SCN_${randomBytes(4).toString('hex').toUpperCase()}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('scenario')
      .values({ code, ...scenarioValues(c), active: false, status: SCENARIO_STATUS.DRAFT, applied_version: null, latest_version: 1 })
      .execute();
    await trx.insertInto('scenario_version').values({ scenario_code: code, version: 1, ...versionValues(c), created_by: actor.jobNumber }).execute();
  });
  return { code, version: 1 };
}

/**
 * EDIT saves the configuration: into the latest version while it was never applied, otherwise as a new
 * version, so flows started under an applied version keep it (architecture §4). APPLY saves the same way and
 * makes that version the one new flows get. Once applied, the type (and so the apply type) is fixed.
 */
export async function editScenario(db: Db, req: ScenarioEditRequest, actor: StaffActor): Promise<{ code: string; version: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('scenario').selectAll().where('code', '=', req.code).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    if (row.status === SCENARIO_STATUS.RETIRED) throw conflict('scenarioRetired');
    if (row.applied_version !== null && req.scenarioType !== row.scenario_type) throw badRequest('invalidInput', { scenarioType: 'scenarioTypeFixed' });
    const latest = await trx
      .selectFrom('scenario_version')
      .select(['version', 'applied_at'])
      .where('scenario_code', '=', req.code)
      .where('version', '=', row.latest_version)
      .executeTakeFirstOrThrow();
    const apply = req.mode === CONFIG_MODE.APPLY;
    const now = new Date();
    let version = latest.version;
    if (latest.applied_at === null) {
      await trx
        .updateTable('scenario_version')
        .set({ ...versionValues(req), created_by: actor.jobNumber, created_at: now, ...(apply ? { applied_at: now } : {}) })
        .where('scenario_code', '=', req.code)
        .where('version', '=', version)
        .execute();
    } else {
      version += 1;
      await trx
        .insertInto('scenario_version')
        .values({ scenario_code: req.code, version, ...versionValues(req), created_by: actor.jobNumber, applied_at: apply ? now : null })
        .execute();
    }
    const neverApplied = row.applied_version === null;
    await trx
      .updateTable('scenario')
      .set({
        latest_version: version,
        updated_at: now,
        ...(apply ? { ...scenarioValues(req), applied_version: version, status: SCENARIO_STATUS.APPLIED, active: true } : neverApplied ? scenarioValues(req) : {}),
      })
      .where('code', '=', req.code)
      .execute();
    return { code: req.code, version };
  });
}

/**
 * Delete: refused while a flow under the scenario runs; a scenario flows have used is retired (kept for
 * their history and the list's filter), one never used is removed with its versions.
 */
export async function deleteScenario(db: Db, code: string): Promise<{ retired: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('scenario').select('code').where('code', '=', code).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    const running = await runningFlowsOf(trx, code);
    if (running > 0) throw conflict(withParams('scenarioInUse', { count: running }));
    const used = await trx.selectFrom('cert_flow').select('flow_no').where('cert_scenario', '=', code).limit(1).executeTakeFirst();
    if (used) {
      await trx.updateTable('scenario').set({ status: SCENARIO_STATUS.RETIRED, active: false, updated_at: new Date() }).where('code', '=', code).execute();
      return { retired: true };
    }
    await trx.deleteFrom('scenario').where('code', '=', code).execute();
    return { retired: false };
  });
}

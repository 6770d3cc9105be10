import { standardsOf, type ScenarioStandards } from '#domain/scenario/standards.ts';
import type { Db, DbOrTrx } from '#db/connection.ts';
import { flowDimensions, type FlowDimension } from '#domain/cert-flow/dimensions.ts';
import type { Locale } from '#domain/i18n.ts';
import type { Page } from '#domain/fields.ts';
import { PERMISSIONS, hasPermission } from '#domain/permissions.ts';
import { actorName, type StaffPrincipal } from '#domain/identity.ts';
import { SCENARIO_STATUS, type ScenarioChange, type ScenarioConfigDetail, type ScenarioListRequest, type ScenarioRow, type ScenarioType } from '#domain/scenario/scenario-config.ts';
import { diffScenarioVersions } from '#domain/scenario/scenario-diff.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { badRequest, notFound } from '#domain/errors.ts';
import { configOf, versionContent } from './scenario-rows.ts';

/** Who may save, apply and delete scenarios (docs/decisions/). */
export const canEditScenarios = (staff: StaffPrincipal) => hasPermission(staff.permissions, PERMISSIONS.certProcessManageAll);

/** The configuration list (req scenario §7.4): every scenario, retired ones last, with the version new flows get. */
export async function listScenarioConfigs(db: Db, q: ScenarioListRequest, locale: Locale): Promise<Page<ScenarioRow>> {
  let base = db.selectFrom('scenario as s');
  if (q.name) base = base.where((eb) => eb.or([eb('s.name_zh', 'ilike', `%${q.name}%`), eb('s.name_en', 'ilike', `%${q.name}%`)]));
  if (q.scenarioType) base = base.where('s.scenario_type', '=', q.scenarioType);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .select((eb) => [
        's.code',
        's.name_zh',
        's.name_en',
        's.scenario_type',
        's.apply_type',
        's.status',
        's.applied_version',
        's.latest_version',
        's.node_plan',
        's.updated_at',
        eb
          .selectFrom('cert_flow as f')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('f.cert_scenario', '=', 's.code')
          .where('f.stage', 'not in', [STAGE.TERMINATED, STAGE.FINISHED])
          .as('running'),
      ])
      .orderBy((eb) => eb.case().when('s.status', '=', SCENARIO_STATUS.RETIRED).then(1).else(0).end())
      .orderBy('s.apply_type')
      .orderBy('s.code')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    records: rows.map((r) => ({
      code: r.code,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      name: locale === 'en' ? r.name_en : r.name_zh,
      scenarioType: r.scenario_type as ScenarioType,
      applyType: r.apply_type,
      status: r.status,
      appliedVersion: r.applied_version,
      latestVersion: r.latest_version,
      nodeCount: r.node_plan.length,
      runningFlows: Number(r.running ?? 0),
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
  };
}

/** One scenario as the editor opens it: its latest version (a draft or the applied one) and every version. */
export async function getScenarioConfig(db: Db, code: string, staff: StaffPrincipal, locale: Locale): Promise<ScenarioConfigDetail> {
  const scenario = await db.selectFrom('scenario').select(['code', 'status', 'applied_version', 'latest_version']).where('code', '=', code).executeTakeFirst();
  if (!scenario) throw notFound();
  const versions = await db
    .selectFrom('scenario_version as v')
    .selectAll('v')
    // Who saved a version, by name (a version stores the job number; the seed's first versions 'system').
    .leftJoin('staff as s', 's.job_number', 'v.created_by')
    .select('s.name as created_by_name')
    .select((eb) =>
      eb
        .selectFrom('cert_flow as f')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('f.cert_scenario', '=', 'v.scenario_code')
        .whereRef('f.scenario_version', '=', 'v.version')
        .as('flows'),
    )
    .where('v.scenario_code', '=', code)
    .orderBy('v.version', 'desc')
    .execute();
  const latest = versions.find((v) => v.version === scenario.latest_version) ?? versions[0];
  return {
    ...configOf(latest),
    code,
    status: scenario.status,
    appliedVersion: scenario.applied_version,
    version: latest.version,
    versions: versions.map((v) => ({ version: v.version, createdAt: new Date(v.created_at).toISOString(), createdBy: actorName(v.created_by, v.created_by_name ?? v.created_by, locale), flows: Number(v.flows ?? 0), applied: v.applied_at !== null })),
    editable: canEditScenarios(staff) && scenario.status !== SCENARIO_STATUS.RETIRED,
  };
}

/** The changes from version `from` to version `to` of a scenario. */
export async function diffScenario(db: Db, q: { code: string; from: number; to: number }): Promise<ScenarioChange[]> {
  const rows = await db.selectFrom('scenario_version').selectAll().where('scenario_code', '=', q.code).where('version', 'in', [q.from, q.to]).execute();
  const [a, b] = [rows.find((r) => r.version === q.from), rows.find((r) => r.version === q.to)];
  if (!a || !b) throw badRequest('invalidInput', { [a ? 'to' : 'from']: 'scenarioVersionUnknown' });
  return diffScenarioVersions(versionContent(a), versionContent(b));
}

/**
 * The settings a flow runs with, from the version it started under (architecture §4 snapshot): its
 * publicity period and inspection dimensions. The node plan and due days are on the flow itself.
 */
export async function flowScenarioSettings(db: Db, flowNo: string): Promise<{ publicitySeconds: number; dimensions: { code: string; owner: string }[] }> {
  const row = await db
    .selectFrom('cert_flow as f')
    .innerJoin('scenario as s', 's.code', 'f.cert_scenario')
    .leftJoin('scenario_version as v', (j) => j.onRef('v.scenario_code', '=', 'f.cert_scenario').onRef('v.version', '=', 'f.scenario_version'))
    .select(['v.publicity_seconds as versionSeconds', 'v.dimensions as versionDimensions', 's.publicity_seconds', 's.dimensions'])
    .where('f.flow_no', '=', flowNo)
    .executeTakeFirst();
  if (!row) throw notFound('flowNotFound');
  return { publicitySeconds: row.versionSeconds ?? row.publicity_seconds, dimensions: row.versionDimensions ?? row.dimensions };
}

/**
 * The inspection dimensions of a flow and who owns each (self-inspection rows, system-certification
 * items): its scenario version's, snapshotted at its start; the standard ones for a flow without a version.
 */
export async function flowInspectionDimensions(db: DbOrTrx, flowNo: string): Promise<FlowDimension[]> {
  const row = await db
    .selectFrom('cert_flow as f')
    .leftJoin('scenario_version as v', (j) => j.onRef('v.scenario_code', '=', 'f.cert_scenario').onRef('v.version', '=', 'f.scenario_version'))
    .select('v.dimensions')
    .where('f.flow_no', '=', flowNo)
    .executeTakeFirst();
  return flowDimensions(row?.dimensions ?? null);
}

/**
 * The publicity period of the scenario version the flow runs under (its snapshot, architecture §4), else of its
 * scenario for a flow from before versions; undefined when neither exists.
 */
export async function flowPublicitySeconds(db: Db, flowNo: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('cert_flow as f')
    .leftJoin('scenario_version as v', (j) => j.onRef('v.scenario_code', '=', 'f.cert_scenario').onRef('v.version', '=', 'f.scenario_version'))
    .leftJoin('scenario as s', 's.code', 'f.cert_scenario')
    .select(['v.publicity_seconds as versionSeconds', 's.publicity_seconds as scenarioSeconds'])
    .where('f.flow_no', '=', flowNo)
    .executeTakeFirst();
  return row?.versionSeconds ?? row?.scenarioSeconds ?? undefined;
}

/** The industry standards a flow's nodes use: its scenario version's (none for a flow without a version). */
export async function flowStandards(db: DbOrTrx, flowNo: string): Promise<ScenarioStandards> {
  const row = await db
    .selectFrom('cert_flow as f')
    .leftJoin('scenario_version as v', (j) => j.onRef('v.scenario_code', '=', 'f.cert_scenario').onRef('v.version', '=', 'f.scenario_version'))
    .select('v.standards')
    .where('f.flow_no', '=', flowNo)
    .executeTakeFirst();
  return standardsOf(row?.standards);
}

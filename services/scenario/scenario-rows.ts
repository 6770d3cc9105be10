import type { Selectable } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { ScenarioVersionTable } from '#db/schema.ts';
import { nodePlan, type NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import type { ScenarioConfigShape, ScenarioType } from '#domain/scenario/scenario-config.ts';
import type { ScenarioVersionContent } from '#domain/scenario/scenario-diff.ts';
import type { DimensionCode } from '#domain/cert-flow/dimensions.ts';
import type { FlowResponsibility } from '#domain/cert-flow/node-principals.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { standardsOf } from '#domain/scenario/standards.ts';

export type VersionRow = Selectable<ScenarioVersionTable>;

/** Flows still running (neither terminated nor finished) under a scenario, per version. */
export async function runningFlowsOf(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('cert_flow')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('cert_scenario', '=', code)
    .where('stage', 'not in', [STAGE.TERMINATED, STAGE.FINISHED])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function versionContent(v: VersionRow): ScenarioVersionContent {
  return { nameZh: v.name_zh, nameEn: v.name_en, scenarioType: v.scenario_type, plan: nodePlan.parse(v.node_plan), publicitySeconds: v.publicity_seconds, dimensions: v.dimensions, standards: standardsOf(v.standards) };
}

/** A version as the editor shows it. */
export function configOf(v: VersionRow): ScenarioConfigShape {
  return {
    nameZh: v.name_zh,
    nameEn: v.name_en,
    scenarioType: v.scenario_type as ScenarioType,
    nodes: nodePlan.parse(v.node_plan).map((n: NodePlanEntry) => ({
      nodeCode: n.nodeCode as ScenarioConfigShape['nodes'][number]['nodeCode'],
      nodeRequired: n.nodeRequired,
      kcp: n.kcp,
      dueDays: n.dueDays ?? null,
    })),
    publicitySeconds: v.publicity_seconds,
    dimensions: v.dimensions.map((d) => ({ code: d.code as DimensionCode, owner: d.owner as FlowResponsibility })),
    standards: standardsOf(v.standards),
  };
}
